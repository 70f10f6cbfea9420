// The layout of a Game's binary encoding, read from the generated descriptors: what the game
// library compares to know that its records were written by another encoding.
#include <google/protobuf/descriptor.h>

#include <algorithm>
#include <string>
#include <vector>

#include "spadework.pb.h"
#include "spadework/formats/proto_io.h"

namespace spadework::formats {
namespace {

namespace gp = ::google::protobuf;

// The one change to the bytes the schema cannot show: game_to writing the same game otherwise
// under the same schema (a value normalised another way, a field it used to leave out). Bump
// it with such a change, so that libraries write their records again.
constexpr int kWriterRevision = 1;

}  // namespace

GameEncoding game_encoding() {
    GameEncoding out;
    out.layout = "writer " + std::to_string(kWriterRevision) + "\n";
    // Breadth first from Game, each message once, fields in number order (the order protobuf
    // writes them in).
    std::vector<const gp::Descriptor*> messages{::spadework::v1::Game::descriptor()};
    for (std::size_t m = 0; m < messages.size(); ++m) {
        const gp::Descriptor* d = messages[m];
        out.layout += "message " + d->full_name() + "\n";
        std::vector<const gp::FieldDescriptor*> fields;
        for (int i = 0; i < d->field_count(); ++i) fields.push_back(d->field(i));
        std::sort(fields.begin(), fields.end(),
                  [](const auto* a, const auto* b) { return a->number() < b->number(); });
        for (const gp::FieldDescriptor* f : fields) {
            out.layout += "  " + std::to_string(f->number()) + " " + f->type_name();
            // A field with presence is written when set, even to its zero; one without is
            // left out at zero: the same value, other bytes.
            if (f->has_presence()) out.layout += " present";
            if (f->is_repeated()) out.layout += f->is_packed() ? " packed" : " repeated";
            if (const gp::Descriptor* type = f->message_type()) {
                out.layout += " " + type->full_name();
                if (std::find(messages.begin(), messages.end(), type) == messages.end()) {
                    messages.push_back(type);
                }
            }
            out.layout += "\n";
            ++out.fields;
        }
    }
    return out;
}

}  // namespace spadework::formats
