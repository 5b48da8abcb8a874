// --gdb PORT for kasane-sim: listen on 127.0.0.1:PORT, hook the stub into the platform's cores so
// that the first instruction waits for GDB, and tell GDB how the run ended.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "debug/gdb_socket.h"
#include "debug/gdb_stub.h"
#include "platform/elf_image.h"
#include "platform/platform.h"

namespace kasane::gdb {

class Session {
 public:
  // Listens (throws SocketError) and says where on stderr, for the user and for scripts.
  Session(Platform& platform, uint16_t port, const ElfImage& kernel);
  // The run ended with exit status `status`: GDB gets a W reply.
  void finish(int status) { stub_->finish(status); }
  // GDB killed the machine ('k'): the run was cut short.
  bool killed() const { return stub_->killed(); }

 private:
  Listener listener_;
  std::unique_ptr<Stub> stub_;
};

// "PORT" as a TCP port (0 for any free one); throws std::invalid_argument.
uint16_t parse_port(const std::string& s);

}  // namespace kasane::gdb
