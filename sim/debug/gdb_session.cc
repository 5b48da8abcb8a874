// See gdb_session.h.
#include "debug/gdb_session.h"

#include <iostream>
#include <stdexcept>

namespace kasane::gdb {

Session::Session(Platform& platform, uint16_t port, const ElfImage& kernel) : listener_(port) {
  std::vector<CoreView> cores;
  for (unsigned k = 0; k < platform.machine().num_cores(); ++k) {
    Core& core = platform.machine().core(k);
    cores.push_back({&core.iss(), &core});
  }
  // The kernel's refill handler walks the page directory in `cur_pgdir[CPU number]` (os/vm.c):
  // GDB reads a user page the TLB does not hold the same way.
  stub_ = std::make_unique<Stub>(std::move(cores),
                                 [this] { return listener_.accept(); },
                                 kernel.symbol("cur_pgdir"));
  stub_->attach();
  std::cerr << "kasane-sim: waiting for GDB on 127.0.0.1:" << listener_.port() << std::endl;
}

uint16_t parse_port(const std::string& s) {
  size_t end = 0;
  unsigned long v = 0;
  try {
    v = std::stoul(s, &end, 10);
  } catch (const std::exception&) {
    end = 0;
  }
  if (s.empty() || end != s.size() || v > 65535 || s[0] == '-' || s[0] == '+')
    throw std::invalid_argument("'" + s + "' is not a TCP port (0 to 65535)");
  return static_cast<uint16_t>(v);
}

}  // namespace kasane::gdb
