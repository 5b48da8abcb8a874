// The stub's TCP side: a listening socket on 127.0.0.1 only (the stub gives full control of the
// machine, so it is never reachable from another host) and the connection GDB makes to it.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>

#include "debug/gdb_stub.h"

namespace kasane::gdb {

struct SocketError : std::runtime_error {
  using runtime_error::runtime_error;
};

class Listener {
 public:
  // Binds 127.0.0.1:`port` (0: any free port) and listens; throws SocketError.
  explicit Listener(uint16_t port);
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  uint16_t port() const { return port_; }
  // Waits for one client; then stops listening. Null if accepting failed.
  std::unique_ptr<Connection> accept();

 private:
  int fd_ = -1;
  uint16_t port_ = 0;
};

}  // namespace kasane::gdb
