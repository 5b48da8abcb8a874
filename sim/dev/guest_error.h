// A guest that misuses the machine so that the run cannot usefully go on (floods the console,
// writes nonsense to sim-control, loops taking exceptions) ends the run with a report that says
// what it did and a distinct exit status (sim/platform/exit_status.h, listed in the README).
#pragma once

#include <functional>
#include <string>

namespace kasane {

class GuestError {
 public:
  explicit GuestError(std::function<void()> stop) : stop_(std::move(stop)) {}

  // The first report wins; it stops the simulation.
  void report(int status, const std::string& what) {
    if (status_ != 0) return;
    status_ = status;
    what_ = what;
    stop_();
  }
  int status() const { return status_; }
  const std::string& what() const { return what_; }

 private:
  std::function<void()> stop_;
  int status_ = 0;
  std::string what_;
};

}  // namespace kasane
