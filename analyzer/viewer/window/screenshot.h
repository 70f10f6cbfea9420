// Writes what the window shows to a PNG (stb_image_write).
#pragma once

#include <filesystem>

namespace spadework::viewer {

// Reads the back buffer of the current OpenGL context (width x height) and writes it as an
// RGB PNG, top row first. Throws Error when the file cannot be written.
void write_screenshot(const std::filesystem::path& path, int width, int height);

}  // namespace spadework::viewer
