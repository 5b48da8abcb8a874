// Exit statuses of kasane-sim. A guest that exits normally passes its own status through; the
// simulator's own outcomes use these values. kExitStatusDocs describes every status a run can
// end with, guest ones included: `kasane-sim --help` prints it and the README's table is made
// from that output, so this file is the one place to add a status.
#pragma once

namespace kasane::exit_status {
constexpr int kUsage = 64;      // bad command line
constexpr int kBadInput = 65;   // a malformed or unsuitable ELF file or checkpoint
constexpr int kNoInput = 66;    // a file that cannot be read, created or written
constexpr int kPanic = 70;      // the guest kernel panicked
constexpr int kDeadlock = 71;   // every context waits and nothing can wake one
constexpr int kMaxCycles = 72;  // sim.max_cycles reached
constexpr int kCheckFailed = 73;  // the pipeline retired something the ISS did not execute
constexpr int kConsoleFlood = 74;   // the guest wrote more than uart.max_output bytes
constexpr int kSimCtlMisuse = 75;   // the guest wrote nonsense to the sim-control device
constexpr int kExceptionStorm = 76; // exceptions in a row with no instruction retiring
constexpr int kConfig = 78;     // bad config file or --set
constexpr int kInternal = 79;   // host out of memory, a SystemC error or another host exception

// One row of the table of exit statuses: `shown` is the status as printed ("0-255", "128+N").
struct Doc {
  const char* shown;
  const char* meaning;
};

// Every status, in the order --help and the README list them. Guest statuses come from the
// guest (os/proc.c for 126), so they are text here rather than constants.
inline constexpr Doc kExitStatusDocs[] = {
    {"0-255", "the guest's own exit status, when it exits (0 also when all its threads end); a "
              "guest may exit with any number below, and only then is there no kasane-sim: line"},
    {"64", "bad command line (also: the --trace-window region or symbol never came, or the run "
           "ended before its --checkpoint-at point)"},
    {"65", "a malformed or unsuitable ELF file (truncated, not MIPS, a user program given as "
           "kernel) or --restore checkpoint (truncated, corrupt, another format version)"},
    {"66", "a file that cannot be read, created or written: an input that is missing, not a "
           "regular file or over its size cap, a --disk image of the wrong size, an output whose "
           "folder is missing, or a write that failed (a full disk; the guest's outcome is still "
           "reported)"},
    {"70", "the guest kernel panicked (its message is on standard error)"},
    {"71", "guest deadlock: every context waits and nothing can wake one (each context's state "
           "and PC are listed)"},
    {"72", "sim.max_cycles reached"},
    {"73", "the pipeline's reference check failed (sim.check = true)"},
    {"74", "console flood: the guest wrote more than uart.max_output bytes"},
    {"75", "sim-control misuse: a write to no register, a region of interest ended but never "
           "begun or begun twice"},
    {"76", "exception storm: a context took sim.exception_storm exceptions in a row without "
           "retiring an instruction (a jump to garbage with no working handler)"},
    {"78", "bad config: unknown key, value out of range or of the wrong type; or a --restore "
           "checkpoint made under another machine config (the key is named)"},
    {"79", "internal error: the host ran out of memory, SystemC reported an error, or the "
           "simulator met an exception it did not expect (the message says which)"},
    {"126", "the guest kernel could not start the program (exec failed, e.g. out of guest "
            "memory; the kernel's line on standard error says why)"},
    {"128+N", "the guest kernel killed the program with signal N (a fault), as a shell reports "
              "it on Linux"},
};
}  // namespace kasane::exit_status
