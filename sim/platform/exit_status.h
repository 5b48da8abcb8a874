// Exit statuses of kasane-sim. A guest that exits normally passes its own status through; the
// simulator's own outcomes use these values (listed in the README).
#pragma once

namespace kasane::exit_status {
constexpr int kUsage = 64;      // bad command line
constexpr int kBadInput = 65;   // a malformed or unsuitable ELF file
constexpr int kNoInput = 66;    // a file that cannot be read
constexpr int kPanic = 70;      // the guest kernel panicked
constexpr int kDeadlock = 71;   // every context waits and nothing can wake one
constexpr int kMaxCycles = 72;  // sim.max_cycles reached
constexpr int kCheckFailed = 73;  // the pipeline retired something the ISS did not execute
constexpr int kConsoleFlood = 74;   // the guest wrote more than uart.max_output bytes
constexpr int kSimCtlMisuse = 75;   // the guest wrote nonsense to the sim-control device
constexpr int kExceptionStorm = 76; // exceptions in a row with no instruction retiring
constexpr int kConfig = 78;     // bad config file or --set
}  // namespace kasane::exit_status
