// See timeline.h. A slice is written when it closes (a complete "X" event with its duration), so
// the file needs no matching of begin and end events and a state change costs one fprintf.
#include "debug/timeline.h"

#include "core/context.h"
#include "core/cp0.h"
#include "core/iss.h"
#include "kasane/devices.h"

namespace kasane {

namespace {

// The system call names, generated from os/syscalls.tbl (the one source of truth).
struct SyscallName {
  uint32_t nr;
  const char* name;
};
constexpr SyscallName kSyscallNames[] = {
#include "kasane/syscall_names.inc"
};

std::string syscall_name(uint32_t nr) {
  for (const SyscallName& s : kSyscallNames)
    if (s.nr == nr) return s.name;
  return "syscall " + std::to_string(nr);
}

}  // namespace

Timeline::Timeline(std::FILE* out, double mhz, unsigned cores, unsigned contexts)
    : out_(out), mhz_(mhz), contexts_(contexts), tracks_(cores * contexts) {
  std::fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"ts\":\"simulated microseconds\",", out_);
  std::fprintf(out_, "\"clock_mhz\":%.17g},\"traceEvents\":[", mhz_);
  for (unsigned p = 0; p < cores; ++p) {
    begin_event('M', p, 0, 0);
    std::fprintf(out_, ",\"name\":\"process_name\",\"args\":{\"name\":\"core %u\"}}", p);
    for (unsigned t = 0; t < contexts; ++t) {
      begin_event('M', p, t, 0);
      std::fprintf(out_, ",\"name\":\"thread_name\",\"args\":{\"name\":\"context %u (LTN %u)\"}}",
                   t, t + 1);
      begin_event('M', p, t, 0);
      std::fprintf(out_, ",\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":%u}}", t);
    }
  }
}

const char* Timeline::state_name(State s) {
  switch (s) {
    case State::kFree: return "free";
    case State::kUser: return "user";
    case State::kKernel: return "kernel";
    case State::kUpcall: return "upcall";
    case State::kSuspended: return "suspended";
    case State::kMwaitLight: return "mwait light";
    case State::kMwaitDeep: return "mwait deep";
    case State::kWait: return "wait";
    case State::kHalted: return "halted";
  }
  return "?";
}

Timeline::State Timeline::state_of(const Context& c, const Track& t) const {
  switch (c.state) {
    case ContextState::kFree: return State::kFree;
    case ContextState::kWaiting: return State::kWait;
    case ContextState::kSuspended: return State::kSuspended;
    case ContextState::kMwait: return c.mwait_deep ? State::kMwaitDeep : State::kMwaitLight;
    case ContextState::kHalted: return State::kHalted;
    case ContextState::kRunning: break;
  }
  if (!c.cp0.user_mode()) return State::kKernel;
  return t.thread == KASANE_SIMCTL_THREAD_UPCALL ? State::kUpcall : State::kUser;
}

Timeline::Track& Timeline::track(const Context& c) {
  const unsigned core = c.cpunum / contexts_;
  return tracks_[core * contexts_ + c.id];
}

void Timeline::begin_event(char ph, unsigned pid, unsigned tid, uint64_t cycle) {
  std::fprintf(out_, "%s\n{\"ph\":\"%c\",\"pid\":%u,\"tid\":%u,\"ts\":%.6f", first_ ? "" : ",", ph,
               pid, tid, us(cycle));
  first_ = false;
}

void Timeline::close_slice(unsigned pid, unsigned tid, const Track& t, uint64_t cycle) {
  if (cycle == t.since) return;  // a state left in the cycle it was entered shows as nothing
  begin_event('X', pid, tid, t.since);
  std::string name = state_name(t.state);
  if (t.state == State::kKernel && !t.kernel_entry.empty())
    name = t.kernel_entry;
  else if (t.state == State::kUser && t.thread)
    name = "thread";
  std::fprintf(out_, ",\"dur\":%.6f,\"name\":\"%s\",\"cat\":\"%s\",\"args\":{\"state\":\"%s\","
               "\"cycle\":%llu,\"cycles\":%llu",
               us(cycle) - us(t.since), name.c_str(),
               t.kernel_entry.rfind("syscall", 0) == 0 && t.state == State::kKernel ? "syscall"
                                                                                   : "state",
               state_name(t.state), static_cast<unsigned long long>(t.since),
               static_cast<unsigned long long>(cycle - t.since));
  if (t.thread && t.thread != KASANE_SIMCTL_THREAD_UPCALL)
    std::fprintf(out_, ",\"thread\":\"0x%08x\"", t.thread);
  std::fputs("}}", out_);
}

void Timeline::switch_to(const Context& c, Track& t, State s, uint64_t cycle) {
  const unsigned core = c.cpunum / contexts_;
  close_slice(core, c.id, t, cycle);
  if (s == State::kKernel && t.state != State::kKernel) t.kernel_entry = t.entry_pending;
  if (s != State::kKernel) t.kernel_entry.clear();
  t.state = s;
  t.since = cycle;
  if (s == State::kFree) t.thread = 0;  // TEXIT ends whatever thread the context ran
  // A process switch shows as the address space changing under user code.
  if (s == State::kUser || s == State::kUpcall) {
    const int asid = static_cast<int>(c.cp0.entryhi & cp0::kEntryHiASIDMask);
    if (t.last_asid != -1 && asid != t.last_asid) {
      begin_event('i', core, c.id, cycle);
      std::fprintf(out_, ",\"s\":\"t\",\"name\":\"address space %d\",\"cat\":\"process\","
                   "\"args\":{\"asid\":%d,\"cycle\":%llu}}",
                   asid, asid, static_cast<unsigned long long>(cycle));
    }
    t.last_asid = asid;
  }
}

void Timeline::on_change(const Context& c, uint64_t cycle) {
  if (finished_) return;
  Track& t = track(c);
  const State s = state_of(c, t);
  if (s != t.state) switch_to(c, t, s, cycle);
  t.entry_pending.clear();
}

void Timeline::on_exception(const Context& c, uint32_t code, uint64_t) {
  Track& t = track(c);
  if (code == cp0::kSys)
    t.entry_pending = "syscall " + syscall_name(c.gpr[2]);  // $v0 holds the number (o32)
  else if (code == cp0::kInt)
    t.entry_pending = "interrupt";
  else
    t.entry_pending = std::string("exception ") + cp0::exc_mnemonic(code);
}

void Timeline::on_flow(const Context& from, const Context& to, const char* what,
                       uint64_t cycle) {
  if (finished_) return;
  const uint64_t id = next_flow_++;
  begin_event('s', from.cpunum / contexts_, from.id, cycle);
  std::fprintf(out_, ",\"id\":%llu,\"name\":\"%s\",\"cat\":\"handoff\",\"args\":{\"cycle\":%llu,"
               "\"to\":%u}}",
               static_cast<unsigned long long>(id), what, static_cast<unsigned long long>(cycle),
               to.id);
  begin_event('f', to.cpunum / contexts_, to.id, cycle);
  std::fprintf(out_, ",\"bp\":\"e\",\"id\":%llu,\"name\":\"%s\",\"cat\":\"handoff\","
               "\"args\":{\"cycle\":%llu,\"from\":%u}}",
               static_cast<unsigned long long>(id), what, static_cast<unsigned long long>(cycle),
               from.id);
}

void Timeline::set_user_thread(const Context& c, uint32_t thread, uint64_t cycle) {
  if (finished_) return;
  Track& t = track(c);
  if (thread == t.thread) return;
  const unsigned core = c.cpunum / contexts_;
  close_slice(core, c.id, t, cycle);
  t.thread = thread;
  t.since = cycle;
  t.state = state_of(c, t);
}

void Timeline::region_marker(const Context* c, uint32_t id, bool begin, uint64_t cycle) {
  if (finished_) return;
  begin_event('i', c ? c->cpunum / contexts_ : 0, c ? c->id : 0, cycle);
  std::fprintf(out_, ",\"s\":\"%s\",\"name\":\"roi %u %s\",\"cat\":\"roi\","
               "\"args\":{\"id\":%u,\"cycle\":%llu}}",
               c ? "t" : "g", id, begin ? "begin" : "end", id,
               static_cast<unsigned long long>(cycle));
}

void Timeline::power_sample(unsigned core, uint64_t cycle, double power_w, double die_c) {
  if (finished_) return;
  begin_event('C', core, 0, cycle);
  std::fprintf(out_, ",\"name\":\"power\",\"args\":{\"W\":%.9g}}", power_w);
  begin_event('C', core, 0, cycle);
  std::fprintf(out_, ",\"name\":\"temperature\",\"args\":{\"C\":%.9g}}", die_c);
}

namespace {
// s as the inside of a JSON string.
std::string json_text(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    if (static_cast<unsigned char>(ch) < 0x20) ch = '?';
    out += ch;
  }
  return out;
}
}  // namespace

void Timeline::process_slice(unsigned cpu, uint32_t pid, uint32_t tid, const std::string& name,
                             uint64_t from, uint64_t to) {
  if (finished_ || to <= from) return;
  const unsigned tp = kProcessPid + pid;
  auto named = [this](uint32_t p, uint32_t t) {
    for (const auto& n : named_)
      if (n.first == p && n.second == t) return true;
    named_.push_back({p, t});
    return false;
  };
  if (!named(pid, 0)) {
    begin_event('M', tp, 0, 0);
    std::fprintf(out_, ",\"name\":\"process_name\",\"args\":{\"name\":\"pid %u %s\"}}", pid,
                 json_text(name).c_str());
    begin_event('M', tp, 0, 0);
    std::fprintf(out_, ",\"name\":\"process_sort_index\",\"args\":{\"sort_index\":%u}}", tp);
  }
  if (!named(pid, tid + 1)) {
    begin_event('M', tp, tid, 0);
    std::fprintf(out_, ",\"name\":\"thread_name\",\"args\":{\"name\":\"tid %u\"}}", tid);
  }
  begin_event('X', tp, tid, from);
  std::fprintf(out_,
               ",\"dur\":%.6f,\"name\":\"cpu %u\",\"cat\":\"process\",\"args\":{"
               "\"state\":\"running\",\"cpu\":%u,\"core\":%u,\"context\":%u,\"pid\":%u,"
               "\"tid\":%u,\"cycle\":%llu,\"cycles\":%llu}}",
               us(to) - us(from), cpu, cpu, cpu / contexts_, cpu % contexts_, pid, tid,
               static_cast<unsigned long long>(from), static_cast<unsigned long long>(to - from));
}

void Timeline::finish(uint64_t cycle) {
  if (finished_) return;
  for (unsigned i = 0; i < tracks_.size(); ++i)
    close_slice(i / contexts_, i % contexts_, tracks_[i], cycle);
  std::fputs("\n]}\n", out_);
  finished_ = true;
}

}  // namespace kasane
