// The pipeline trace: a Kanata 0004 log (the format the Konata viewer opens) of the instructions
// that enter the pipeline during a window of cycles. Each instruction gets an I line, a label
// with its pc and disassembly, S/E lines as it moves through the stages (lane 0), and an R line
// when it commits or is squashed. tests/host/kanata.py reads the format back for tests.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

namespace kasane {

class KanataWriter {
 public:
  // What begin() returns for an instruction outside the window; stage() and retire() ignore it.
  static constexpr uint64_t kNotRecorded = UINT64_MAX;

  // Writes to `path`; only events at cycles in [first, last] are recorded (--trace-window A:B),
  // and instructions that begin before `first` are not recorded at all. Throws
  // std::runtime_error naming the path if it cannot be opened.
  KanataWriter(const std::string& path, uint64_t first, uint64_t last);

  // Inside the window: worth building the disassembly for begin().
  bool active(uint64_t cycle) const { return cycle >= first_ && cycle <= last_; }

  // Every call takes the current cycle, which never goes back (asserted; in a release build an
  // earlier cycle is written as the current one). The writer emits C lines as it moves forward.
  // An instruction of hardware context `thread` enters the pipeline; returns its id in the file.
  uint64_t begin(uint64_t cycle, unsigned thread, uint32_t pc, const std::string& disasm);
  // Ends the current stage of `id` (if any) and starts `stage`.
  void stage(uint64_t cycle, uint64_t id, const char* stage);
  // Ends the current stage of `id` and writes its R line: committed, or squashed (flushed).
  void retire(uint64_t cycle, uint64_t id, bool squashed);
  // Throws std::runtime_error naming the path if writing failed (a full disk, say); the
  // destructor closes the file without reporting, so call this at the end of a run.
  void flush();

 private:
  struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };

  // True if `cycle` is inside the window; then moves the file's cycle to it.
  bool advance(uint64_t cycle);
  void end_stage(uint64_t id, const std::string& stage);

  std::string path_;
  std::unique_ptr<std::FILE, FileCloser> file_;
  uint64_t first_, last_;
  uint64_t cycle_;               // the cycle of the last line written
  uint64_t next_id_ = 0;         // serial number of the next recorded instruction
  uint64_t next_retire_id_ = 0;  // serial number of the next committed instruction
  // Recorded instructions still in flight -> their current stage ("" before the first one).
  std::unordered_map<uint64_t, std::string> live_;
};

// Parses "A:B" (decimal cycles, A <= B) into a window; throws std::invalid_argument saying what
// is wrong and what is expected.
std::pair<uint64_t, uint64_t> parse_trace_window(const std::string& text);

}  // namespace kasane
