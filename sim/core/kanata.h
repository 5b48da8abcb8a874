// The pipeline trace: a Kanata 0004 log (the format the Konata viewer opens) of the instructions
// that enter the pipeline during a window of cycles. Each instruction gets an I line (its thread
// id the global context number), a label with its pc and disassembly and a hover label with its
// core and context, S/E lines as it moves through the stages F, D, Is, X, M, W (lane 0), its stall
// reasons in lane 1, W lines from the producers of its operands, and an R line when it commits
// or is squashed. tests/host/kanata.py reads the format back for tests.
//
// The window is a span of cycles, a region of interest (--trace-window roi:ID-BEFORE+AFTER) or a
// symbol (sym:NAME-BEFORE+AFTER): then the writer waits for the region's begin marker or the
// symbol's first execution, and stops AFTER cycles past the region's end or the symbol. Since
// the start is only known when it happens, a BEFORE margin is kept as a pre-roll: the events of
// the last BEFORE cycles are held in memory and written out when the window opens.
#pragma once

#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/trace_window.h"

namespace kasane {


class KanataWriter {
 public:
  // What begin() returns for an instruction outside the window; stage() and retire() ignore it.
  static constexpr uint64_t kNotRecorded = UINT64_MAX;

  // Writes to `path`; only events at cycles in [first, last] are recorded (--trace-window A:B),
  // and instructions that begin before `first` are not recorded at all. Throws
  // std::runtime_error naming the path if it cannot be opened.
  KanataWriter(const std::string& path, uint64_t first, uint64_t last);
  // The same for a TraceWindow; a region window records nothing until region_marker() opens it.
  KanataWriter(const std::string& path, const TraceWindow& window);
  // Writes to `file`, which stays its owner's to close (kasane-sim opens it before the run and
  // checks it after).
  KanataWriter(std::FILE* file, const TraceWindow& window);

  // Inside the window (or its pre-roll): worth building the disassembly for begin().
  bool active(uint64_t cycle) const {
    return (cycle >= first_ && cycle <= last_) || (waiting_ && window_.before > 0);
  }

  // A region of interest begins or ends at `cycle` (sim-control's markers). Opens the window at
  // the first begin of the traced region, closes it window.after cycles past that entry's end.
  void region_marker(uint32_t id, bool begin, uint64_t cycle);
  // A sym: window waits for its symbol: execute() reports each instruction's pc until then.
  bool watching() const { return waiting_ && window_.at_symbol; }
  // A context executes the instruction at `pc`: the first time it is the window's symbol opens
  // the window, window.before cycles back, until window.after cycles on.
  void reached(uint32_t pc, uint64_t cycle);
  // A region or symbol window whose start never came: the trace holds no instruction.
  bool region_missed() const { return window_.deferred() && waiting_; }

  // Every call takes the current cycle, which never goes back (asserted; in a release build an
  // earlier cycle is written as the current one). The writer emits C lines as it moves forward.
  // An instruction of hardware context `thread` enters the pipeline; returns its id in the file.
  uint64_t begin(uint64_t cycle, unsigned thread, uint32_t pc, const std::string& disasm);
  // Ends the current stage of `id` (if any) and starts `stage`.
  void stage(uint64_t cycle, uint64_t id, const char* stage);
  // Ends the current stage of `id` and writes its R line: committed, or squashed (flushed).
  void retire(uint64_t cycle, uint64_t id, bool squashed);
  // The same, scheduled for a later cycle `when` (> cycle), where the pipeline already knows it:
  // a stage that begins then (Is after decode, M and W after issue) unless a stage() or retire()
  // of `id` comes first, and the commit of an instruction in its W stage. Written when the file
  // reaches that cycle.
  void stage_at(uint64_t cycle, uint64_t id, const char* stage, uint64_t when);
  void retire_at(uint64_t cycle, uint64_t id, uint64_t when);
  // `consumer` reads a register that `producer` writes: a W (wakeup) arrow in Konata, if both are
  // recorded and the producer is still in flight.
  void depend(uint64_t cycle, uint64_t consumer, uint64_t producer);
  // Why `id` waits to issue (operand, unit busy, MSHR full, serialise): a stage of that name in
  // lane 1, the stall lane Konata overlays on the stages, until the reason changes or the
  // instruction moves on; and a hover label line per change of reason.
  void stall(uint64_t cycle, uint64_t id, const char* reason);
  // Names the lanes: instructions of context C show "cCORE.tC" and thread id first_thread + C.
  void set_core(unsigned core, unsigned first_thread) {
    core_ = core;
    first_thread_ = first_thread;
  }
  // The run ended: writes the events scheduled for later cycles.
  void finish();
  // Pushes the lines written so far to the file. Returns false once a write has failed (a full
  // disk, say): from then on nothing more is written, so a run into a full disk goes on at full
  // speed, and the file's owner reports the error when it closes the file (a stream's error flag
  // stays set).
  bool flush();
  bool failed() const { return failed_; }

 private:
  struct FileCloser {
    void operator()(std::FILE* f) const {
      if (f) std::fclose(f);
    }
  };

  // True if `cycle` is inside the window; then moves the file's cycle to it.
  bool advance(uint64_t cycle);
  void end_stage(uint64_t file_id, const std::string& stage);
  // The writes themselves, by the pipeline's id, inside the window.
  void write_begin(uint64_t id, unsigned thread, uint32_t pc, const std::string& disasm);
  void write_stage(uint64_t id, const std::string& stage);
  void write_retire(uint64_t id, bool squashed);

  // An event held in the pre-roll while a region window waits for its region.
  struct Held {
    enum Kind : uint8_t { kBegin, kStage, kRetire, kLater, kDepend, kStall } kind;
    uint64_t cycle, id;
    unsigned thread;
    uint32_t pc;
    std::string text;  // disassembly, stage name or stall reason; "" for a later retire
    bool squashed;
    uint64_t when = 0;  // kLater: its cycle; kDepend: the producer
  };
  // A stage or commit scheduled for a later cycle.
  struct Later {
    uint64_t when, id;
    std::string stage;  // "" for the commit
  };
  void write_later(uint64_t id, const std::string& stage, uint64_t when);
  void write_depend(uint64_t consumer, uint64_t producer);
  void write_stall(uint64_t id, const std::string& reason);
  void drop_later(uint64_t id);  // an explicit event of `id` supersedes its scheduled ones
  void write_due(uint64_t before);  // scheduled events of cycles < before, in cycle order
  void hold(Held e);
  void open_window(uint64_t first);

  std::unique_ptr<std::FILE, FileCloser> owned_;  // the file, if opened by path
  std::FILE* file_;
  bool failed_ = false;  // a write failed: write nothing more
  TraceWindow window_;
  uint64_t first_, last_;
  bool waiting_ = false;         // a region window before its region began
  bool closing_ = false;         // its region ended: last_ is set
  uint64_t cycle_;               // the cycle of the last line written
  uint64_t next_id_ = 0;         // the pipeline's id of the next instruction begun
  uint64_t next_file_id_ = 0;    // serial number in the file of the next recorded instruction
  uint64_t next_retire_id_ = 0;  // serial number of the next committed instruction
  // Recorded instructions still in flight -> their id in the file and current stage ("" before
  // the first one).
  struct Live {
    uint64_t file_id;
    std::string stage;
    std::string reason;  // the last stall reason written
    bool stalled = false;  // its stall stage is open in lane 1
  };
  void end_stall(Live& l);
  std::vector<Later> later_;
  unsigned core_ = 0, first_thread_ = 0;
  std::unordered_map<uint64_t, Live> live_;
  std::deque<Held> preroll_;  // oldest first; none older than `before` cycles
};

}  // namespace kasane
