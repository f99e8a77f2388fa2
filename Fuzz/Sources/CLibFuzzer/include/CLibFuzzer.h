// libFuzzer's driver (in the toolchain's clang runtime, linked by -sanitize=fuzzer): KooberFuzz's `main` calls it,
// because SwiftPM gives an executable a `main` of its own instead of libFuzzer's.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
