// See process_stats.h.
#include "stats/process_stats.h"

#include <nlohmann/json.hpp>

#include "kasane/devices.h"

namespace kasane {

ProcessStats::ProcessStats(unsigned cpus, unsigned per_core, Counter retired, Counter free)
    : per_core_(per_core ? per_core : 1),
      retired_(std::move(retired)),
      free_(std::move(free)),
      ctx_(cpus),
      owner_((cpus + per_core_ - 1) / per_core_) {}

void ProcessStats::process_new(uint32_t pid, uint32_t parent, const std::string& name,
                               uint64_t cycle) {
  Process& p = procs_[pid];  // a pid is never used twice: a second report renames it
  p.parent = parent;
  p.name = name;
  p.created = cycle;
}

void ProcessStats::process_exit(uint32_t pid, uint32_t status, uint64_t cycle) {
  Process& p = procs_[pid];
  p.exited = true;
  p.status = status;
  p.ended = cycle;
}

void ProcessStats::run(unsigned cpu, uint32_t pid, uint32_t tid, uint64_t cycle) {
  if (cpu >= ctx_.size()) return;
  Ctx& c = ctx_[cpu];
  state_time(c, cycle);
  c.own = pid != 0;
  c.pid = pid;
  c.tid = tid;
  c.state = KASANE_CPU_IDLE;  // should it run nothing later, it is idle until told otherwise
  settle(cpu, cycle);
}

void ProcessStats::run_core(unsigned cpu, uint32_t pid, uint32_t tid, uint64_t cycle) {
  if (cpu >= ctx_.size()) return;
  unsigned core = cpu / per_core_;
  mix_time(core, cycle);
  owner_[core].pid = pid;
  owner_[core].tid = tid;
  for (unsigned i = 0; i < per_core_ && core * per_core_ + i < ctx_.size(); ++i) {
    state_time(ctx_[core * per_core_ + i], cycle);
    settle(core * per_core_ + i, cycle);
  }
}

void ProcessStats::cpu_state(unsigned cpu, uint32_t state, uint64_t cycle) {
  if (cpu >= ctx_.size()) return;
  Ctx& c = ctx_[cpu];
  state_time(c, cycle);
  c.state = state;
  c.own = false;  // it runs no thread of its own
  settle(cpu, cycle);
}

// Count c's time since its last event: lent (to whichever gang holds its core), or, running
// nothing at all, forced idle or idle.
void ProcessStats::state_time(Ctx& c, uint64_t cycle) {
  if (cycle > c.state_since && !c.own) {
    uint64_t d = cycle - c.state_since;
    if (c.state == KASANE_CPU_LENT) c.lent += d;
    else if (c.run_pid == 0 && c.state == KASANE_CPU_FORCED) c.forced += d;
    else if (c.run_pid == 0) c.idle += d;
  }
  c.state_since = cycle;
}

void ProcessStats::settle(unsigned cpu, uint64_t cycle) {
  Ctx& c = ctx_[cpu];
  const Owner& o = owner_[cpu / per_core_];
  uint32_t pid = c.own ? c.pid : o.pid, tid = c.own ? c.tid : o.tid;
  if (pid == c.run_pid && tid == c.run_tid) return;
  if (pid != c.run_pid) mix_time(cpu / per_core_, cycle);
  close(cpu, cycle);
  c.run_pid = pid;
  c.run_tid = tid;
}

// Each context of `core` that ran a process while another context of the core ran a different one
// (neither idle) since the last change in the core gets those cycles as `mixed`.
void ProcessStats::mix_time(unsigned core, uint64_t cycle) {
  Owner& o = owner_[core];
  if (cycle <= o.mixed_at) return;
  const unsigned first = core * per_core_, end = std::min<size_t>(first + per_core_, ctx_.size());
  for (unsigned i = first; i < end; ++i) {
    if (ctx_[i].run_pid == 0) continue;
    for (unsigned k = first; k < end; ++k)
      if (ctx_[k].run_pid != 0 && ctx_[k].run_pid != ctx_[i].run_pid) {
        ctx_[i].mixed += cycle - o.mixed_at;
        break;
      }
  }
  o.mixed_at = cycle;
}

void ProcessStats::close(unsigned cpu, uint64_t cycle) {
  Ctx& c = ctx_[cpu];
  const uint64_t retired = retired_(cpu, cycle), free = free_(cpu, cycle);
  if (c.run_pid != 0 && cycle >= c.since) {
    const uint64_t held = (cycle - c.since) - std::min(cycle - c.since, free - c.free_at);
    Process& p = procs_[c.run_pid];
    add(p.all, cpu, retired - c.retired_at, held, c.since, cycle);
    add(p.threads[c.run_tid], cpu, retired - c.retired_at, held, c.since, cycle);
    if (slice_ && held) slice_(cpu, c.run_pid, c.run_tid, p.name, c.since, cycle);
  }
  c.since = cycle;
  c.retired_at = retired;
  c.free_at = free;
}

void ProcessStats::add(Account& a, unsigned cpu, uint64_t retired, uint64_t held, uint64_t from,
                       uint64_t to) const {
  if (!held && !retired) return;  // a slice that ran nothing (a free context of the core)
  a.retired += retired;
  a.cycles += held;
  a.first = std::min(a.first, from);
  a.last = std::max(a.last, to);
  a.cpus[cpu] += held;
}

uint32_t ProcessStats::pid_on(unsigned cpu) const {
  return cpu < ctx_.size() ? ctx_[cpu].run_pid : 0;
}

ProcessStats::Totals ProcessStats::totals(uint32_t pid, uint64_t cycle) const {
  Totals t;
  auto it = procs_.find(pid);
  if (it != procs_.end()) t = Totals{it->second.all.retired, it->second.all.cycles};
  for (unsigned cpu = 0; cpu < ctx_.size(); ++cpu) {  // its open slices, so far
    const Ctx& c = ctx_[cpu];
    if (c.run_pid != pid || pid == 0 || cycle < c.since) continue;
    t.retired += retired_(cpu, cycle) - c.retired_at;
    t.cycles += (cycle - c.since) - std::min(cycle - c.since, free_(cpu, cycle) - c.free_at);
  }
  return t;
}

std::string ProcessStats::name_of(uint32_t pid) const {
  auto it = procs_.find(pid);
  return it == procs_.end() ? std::string() : it->second.name;
}

void ProcessStats::finish(uint64_t end) {
  for (unsigned core = 0; core < owner_.size(); ++core) mix_time(core, end);
  for (unsigned cpu = 0; cpu < ctx_.size(); ++cpu) {
    state_time(ctx_[cpu], end);
    close(cpu, end);
  }
}

nlohmann::json ProcessStats::account_json(const Account& a) {
  nlohmann::json cpus = nlohmann::json::array();
  for (const auto& [cpu, cycles] : a.cpus) cpus.push_back({{"cpu", cpu}, {"cycles", cycles}});
  return {{"first_cycle", a.first == ~0ull ? 0 : a.first},
          {"last_cycle", a.last},
          {"retired", a.retired},
          {"cycles", a.cycles},
          {"ipc", a.cycles ? static_cast<double>(a.retired) / static_cast<double>(a.cycles) : 0.0},
          {"cpus", cpus}};
}

nlohmann::json ProcessStats::processes_json() const {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [pid, p] : procs_) {
    nlohmann::json j = {{"pid", pid}, {"name", p.name}, {"parent", p.parent}};
    j["exit_status"] = p.exited ? nlohmann::json(p.status) : nlohmann::json(nullptr);
    j["created_cycle"] = p.created;
    j["exited_cycle"] = p.exited ? nlohmann::json(p.ended) : nlohmann::json(nullptr);
    j.update(account_json(p.all));
    nlohmann::json threads = nlohmann::json::array();
    for (const auto& [tid, a] : p.threads) {
      nlohmann::json t = {{"tid", tid}};
      t.update(account_json(a));
      threads.push_back(t);
    }
    j["threads"] = threads;
    out.push_back(j);
  }
  return out;
}

nlohmann::json ProcessStats::cpus_json() const {
  nlohmann::json out = nlohmann::json::array();
  for (unsigned cpu = 0; cpu < ctx_.size(); ++cpu) {
    const Ctx& c = ctx_[cpu];
    out.push_back({{"cpu", cpu},
                   {"core", cpu / per_core_},
                   {"context", cpu % per_core_},
                   {"idle_cycles", c.idle},
                   {"forced_idle_cycles", c.forced},
                   {"lent_cycles", c.lent},
                   {"mixed_mm_cycles", c.mixed}});
  }
  return out;
}

}  // namespace kasane
