// An output file of kasane-sim (--stats, --pipeline-trace, --thermal-trace, --platform-header):
// opened when the command line is checked, before any cycle runs, so that a bad path ends the run
// at once instead of after it; and closed with a check of every write, including the last flush,
// so that a full disk is an error rather than a silently truncated file.
#ifndef KASANE_SIM_PLATFORM_OUTPUT_FILE_H
#define KASANE_SIM_PLATFORM_OUTPUT_FILE_H

#include <cstdio>
#include <stdexcept>
#include <string>

namespace kasane {

// A file could not be opened or written; the message names the option and the path.
struct OutputError : std::runtime_error {
  using runtime_error::runtime_error;
};

class OutputFile {
 public:
  OutputFile() = default;
  // Opens `path` for writing (truncating it, as the shell's > does); `option` ("--stats") names
  // it in messages. Throws OutputError if its folder is missing or it cannot be created.
  OutputFile(const std::string& option, const std::string& path);
  OutputFile(OutputFile&& o) noexcept;
  OutputFile& operator=(OutputFile&& o) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // A file still open was abandoned (the run never started): one this object created is removed,
  // so that no empty stats.json is left behind to be mistaken for a result.
  ~OutputFile();

  bool is_open() const { return file_ != nullptr; }
  std::FILE* get() const { return file_; }
  const std::string& path() const { return path_; }

  // Flushes and closes the file; returns "" or a message naming the option, the path and the
  // error, for any write that failed since it was opened.
  std::string close();

 private:
  std::string option_, path_;
  std::FILE* file_ = nullptr;
  bool created_ = false;  // the path did not exist before: ours to remove if abandoned
};

// Flushes `f` (a stream the simulator did not open, such as stdout) and returns "" or a message
// saying that writes to `what` failed and why.
std::string stream_write_problem(std::FILE* f, const std::string& what);

}  // namespace kasane

#endif  // KASANE_SIM_PLATFORM_OUTPUT_FILE_H
