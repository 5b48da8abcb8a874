// Reading the simulator's input files (KERNEL, PROGRAM, --config, --disk) so that no input can
// hang or exhaust the host: only regular files are accepted, each kind of input has a size cap,
// and a FIFO or a device is refused before it is opened, so opening it can never block.
#ifndef KASANE_SIM_PLATFORM_INPUT_FILE_H
#define KASANE_SIM_PLATFORM_INPUT_FILE_H

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace kasane {

// Why `path` cannot be read as an input of at most `max_bytes` bytes ("" if it can): missing,
// not a regular file (a directory, FIFO, socket or device such as /dev/zero) or too large. Only
// stat()s the file; the caller names the option the path came from.
std::string input_problem(const std::string& path, uint64_t max_bytes);

// The whole of a regular file of at most `max_bytes` bytes. Checks like input_problem() first,
// then opens without blocking and checks the opened file again (it may have been replaced in
// between), and reads no more than the cap even if the file grows. Throws std::runtime_error
// saying what is wrong (without the path: callers wrap it in their own error type).
std::vector<uint8_t> read_input_file(const std::string& path, uint64_t max_bytes);

}  // namespace kasane

#endif  // KASANE_SIM_PLATFORM_INPUT_FILE_H
