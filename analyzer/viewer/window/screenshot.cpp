#include "screenshot.h"

#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <fmt/core.h>
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
    if (GLenum e = glGetError(); e != GL_NO_ERROR) {
        throw Error(
            fmt::format("cannot read the window for the screenshot {} (OpenGL error 0x{:x})",
                        path.string(), e));
    }
    // OpenGL's rows run bottom to top; a PNG's top to bottom.
    const std::size_t row = static_cast<std::size_t>(width) * 3;
    std::vector<unsigned char> flipped(pixels.size());
    for (int y = 0; y < height; ++y) {
        std::copy_n(pixels.begin() + static_cast<std::ptrdiff_t>(row * (height - 1 - y)), row,
                    flipped.begin() + static_cast<std::ptrdiff_t>(row * y));
    }
    std::filesystem::path tmp = path;
    tmp += ".tmp";
    std::error_code ec;
    if (!stbi_write_png(tmp.c_str(), width, height, 3, flipped.data(), static_cast<int>(row))) {
        std::filesystem::remove(tmp, ec);  // a part written before the disk filled
        throw Error(fmt::format(
            "cannot write the screenshot {}: {}", path.string(),
            std::filesystem::exists(path.parent_path().empty() ? std::filesystem::path(".")
                                                               : path.parent_path())
                ? "the file cannot be created there"
                : "no such folder"));
    }
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        const std::string why = ec.message();
        std::filesystem::remove(tmp, ec);
        throw Error("cannot write the screenshot " + path.string() + ": " + why);
    }
}

}  // namespace spadework::viewer
