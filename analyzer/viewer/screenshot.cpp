#include "screenshot.h"

#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <stb_image_write.h>

#include <algorithm>
#include <vector>

#include "spadework/engine/error.h"

namespace spadework::viewer {

void write_screenshot(const std::filesystem::path& path, int width, int height) {
    std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // OpenGL's rows run bottom to top; a PNG's top to bottom.
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < height; ++y) {
        std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(row * (height - 1 - y)), row,
                    flipped.begin() + static_cast<std::ptrdiff_t>(row * y));
    }
    std::filesystem::path tmp = path;
    tmp += ".tmp";
    if (!stbi_write_png(tmp.c_str(), width, height, 3, flipped.data(), static_cast<int>(row))) {
        throw Error("cannot write the screenshot " + path.string());
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) throw Error("cannot write the screenshot " + path.string() + ": " + ec.message());
}

}  // namespace spadework::viewer
