// The run's summary: the programs' own figures first, then the whole run, labelled as including
// the kernel's boot. Whole-run figures under the kernel are mostly boot (a short program's run is
// a few percent of it), so a reader who takes `cycles` or `ipc` for the program's misreads them;
// the summary puts each program's figures, from its start to its exit, where they are read first:
// stats.json's "summary" and the lines kasane-sim prints at the end of a run (--quiet: none).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "platform/platform.h"

namespace kasane {

// stats.json's "summary": "programs" (each process the kernel started at boot: pid, name,
// exit_status, cycles from its creation to its exit, retired, ipc over those cycles; and
// "processes_started", how many more processes there were), then "whole_run" (cycles, retired, ipc
// and "includes_boot": true). Null when no kernel told of its processes (a bare-metal run).
nlohmann::json run_summary(const RunResult& r);

// The summary as kasane-sim prints it: a line per program, then the whole run's.
std::string summary_text(const nlohmann::json& summary);

}  // namespace kasane
