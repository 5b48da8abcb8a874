// A multiprogrammed workload (kasane-sim --workload FILE.toml): one [[process]] table per program
// the kernel starts at boot, each with
//   program = "path"        the static ELF file (relative to the workload file's folder)
//   args    = ["a", "b"]    its arguments after argv[0] (optional)
//   env     = ["N=V"]       its environment (optional; the kernel gives it nothing else)
//   cpu     = 3             pin it to this CPU, core * contexts + context (optional)
//   name    = "fib"         its process name (optional; the program's file name)
// Read strictly: an unknown key, a table that is not [[process]], a missing program, a value of
// the wrong type, a cpu the machine has not started or an empty list are errors that name the file
// and the entry, and nothing runs.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace kasane {

struct WorkloadProcess {
  std::string program;  // the path, resolved against the workload file's folder
  std::vector<std::string> args, env;
  int cpu = -1;         // -1: not pinned
  std::string name;     // "" : the program's file name
};

// A workload file that cannot be used; `status` is kasane-sim's exit status for it (66 for a
// file that cannot be read, 78 for what it says).
struct WorkloadError : std::runtime_error {
  WorkloadError(int status, const std::string& what) : std::runtime_error(what), status(status) {}
  int status;
};

// The processes of workload file `path`, for a machine whose kernel sees `cpus` CPUs (CPU
// numbers 0..cpus-1) and takes at most `max_processes`. Throws WorkloadError.
std::vector<WorkloadProcess> load_workload(const std::string& path, unsigned cpus,
                                           unsigned max_processes);

// The largest process name the kernel keeps (its PROCNAMELEN less the NUL).
constexpr size_t kWorkloadNameMax = 15;

}  // namespace kasane
