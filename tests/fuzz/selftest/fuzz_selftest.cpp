// Two fuzz targets for scripts/fuzz's own test (test_fuzz_report.sh): built with
// SPADEWORK_PLANTED_CRASH, any input but the empty one reads one byte past a heap buffer,
// which AddressSanitizer reports (libFuzzer's first mutations find it, whatever the
// machine's speed); built without, every input passes.
#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
#ifdef SPADEWORK_PLANTED_CRASH
    if (size >= 1) {
        std::vector<std::uint8_t> copy(data, data + size);
        volatile std::uint8_t past = copy.data()[size];  // the planted bug
        (void)past;
    }
#else
    (void)data;
    (void)size;
#endif
    return 0;
}
