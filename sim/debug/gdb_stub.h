// The GDB remote stub: the protocol's commands on the machine's hardware contexts, one GDB thread
// each (thread id = global context number + 1), in all-stop mode. It is the cores' DebugHook:
// before each instruction it checks breakpoints, watchpoints and single steps, and to stop it
// serves GDB's packets right there, so the whole machine (every core, the clock) holds until GDB
// resumes it. Continuing changes nothing the machine does: a run under GDB with only `continue`
// has the stats of a run without it.
//
// Resuming is machine-wide: vCont's per-thread actions say which thread's single step ends the
// next stop, but every context keeps running meanwhile, as the hardware would; only the threads
// GDB resumed may report a stop (it believes the others held).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/debug_hook.h"
#include "core/iss.h"
#include "debug/gdb_target.h"
#include "debug/rsp_packet.h"

namespace kasane::gdb {

// A byte stream to the client (gdb_socket.h has the TCP one; tests use a fake).
class Connection {
 public:
  virtual ~Connection() = default;
  virtual bool send(const std::string& bytes) = 0;
  // Up to `n` bytes; waits for some if `wait`, else returns 0 when none are there. -1: closed.
  virtual long recv(uint8_t* buf, size_t n, bool wait) = 0;
};

// One core as the stub reaches it.
struct CoreView {
  Iss* iss;
  PhysMemory* mem;
};

class Stub : public DebugHook {
 public:
  // `accept` blocks until a client connects (called at the first instruction); `pgdir_var` is the
  // kernel's current-page-directory variable for user addresses (gdb_target.h), if any.
  Stub(std::vector<CoreView> cores, std::function<std::unique_ptr<Connection>()> accept,
       std::optional<uint32_t> pgdir_var);

  // Hooks every core. The first instruction then waits for GDB.
  void attach();
  void before_step(Context& c) override;
  // The run ended with `status`: tell GDB (W) and close.
  void finish(int status);
  bool killed() const { return killed_; }

  // What a packet does when the machine is stopped. Public for tests.
  struct Outcome {
    enum class Kind { kReply, kResume, kDetach, kKill } kind = Kind::kReply;
    std::string reply;  // kReply, and kDetach's "OK"
  };
  Outcome handle(const std::string& packet);
  // The stop reply for a stop of context `c` with `extra` ("watch:ADDR;") and signal `sig`.
  void set_stop(const Context& c, const std::string& extra = "", unsigned sig = 5);
  bool ack_mode() const { return !no_ack_; }

 private:
  struct Watch {
    unsigned type;  // 2 write, 3 read, 4 access (the Z packet's number)
    uint32_t addr, len;
  };
  Context* thread(uint32_t tid);
  Context& selected();  // Hg's thread, else the one that stopped
  unsigned tid(const Context& c) const { return c.cpunum + 1; }
  // Serves packets until GDB resumes, detaches or kills, or the connection drops.
  void serve(bool send_stop);
  void detach();
  std::optional<std::string> watch_hit(Context& c);
  Outcome resume_vcont(const std::string& args);
  Outcome handle_query(const std::string& p);
  Outcome handle_break(const std::string& p, bool insert);
  Outcome handle_memory(const std::string& p);
  std::string thread_info(const Context& c) const;
  MemoryView& view(const Context& c);

  std::vector<CoreView> cores_;
  std::vector<Context*> contexts_;  // by global number
  std::vector<std::unique_ptr<MemoryView>> views_;  // by core
  std::function<std::unique_ptr<Connection>()> accept_;
  std::unique_ptr<Connection> conn_;
  rsp::Decoder decoder_;
  std::string last_sent_;
  bool started_ = false, detached_ = false, killed_ = false, no_ack_ = false;
  std::string stop_reply_ = "S05";
  Context* stopped_ = nullptr;   // the context of the last stop
  Context* g_thread_ = nullptr;  // Hg, or null for the stopped one
  std::unordered_set<uint32_t> breakpoints_;  // Z0 and Z1 alike: pcs checked before execution
  std::vector<Watch> watches_;
  Context* step_ = nullptr;  // the thread a single step is pending on
  bool step_started_ = false, step_user_ = false;
  // GDB resumed only the threads in resumed_ (a vCont with no default action, as when it takes a
  // thread past a breakpoint with vCont;c:N and a breakpoint on the next instruction): the other
  // contexts still run, but a breakpoint or watchpoint they reach meanwhile is not reported, since
  // GDB believes them held and fails an internal assertion on a stop from one of them.
  bool others_held_ = false;
  std::unordered_set<const Context*> resumed_;
  uint32_t poll_countdown_ = 0;  // instructions until the next look for Ctrl-C or a hang-up
};

}  // namespace kasane::gdb
