// See gdb_stub.h.
#include "debug/gdb_stub.h"

#include <algorithm>
#include <cstdio>
#include <thread>

namespace kasane::gdb {

namespace {

constexpr size_t kMaxBreakpoints = 4096;  // a hostile client cannot grow the sets without bound
constexpr uint32_t kPollInterval = 1u << 16;  // instructions between looks for Ctrl-C

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

std::string hex_u32(uint32_t v) {
  char b[12];
  std::snprintf(b, sizeof b, "%x", v);
  return b;
}

// A data access of the instruction `raw` (o32 base + offset forms): its kind and width.
struct DataAccess {
  bool store;
  unsigned size;
  bool word_aligned;  // LWL/LWR/SWL/SWR touch the aligned word around the address
};

std::optional<DataAccess> data_access(uint32_t raw) {
  switch (raw >> 26) {
    case 0x20: case 0x24: return DataAccess{false, 1, false};  // lb, lbu
    case 0x21: case 0x25: return DataAccess{false, 2, false};  // lh, lhu
    case 0x23: case 0x30: case 0x31: return DataAccess{false, 4, false};  // lw, ll, lwc1
    case 0x22: case 0x26: return DataAccess{false, 4, true};   // lwl, lwr
    case 0x35: return DataAccess{false, 8, false};             // ldc1
    case 0x28: return DataAccess{true, 1, false};              // sb
    case 0x29: return DataAccess{true, 2, false};              // sh
    case 0x2b: case 0x38: case 0x39: return DataAccess{true, 4, false};  // sw, sc, swc1
    case 0x2a: case 0x2e: return DataAccess{true, 4, true};    // swl, swr
    case 0x3d: return DataAccess{true, 8, false};              // sdc1
    default: return std::nullopt;
  }
}

bool user_mode(const Context& c) { return c.cp0.user_mode(); }

// A core's SystemC thread runs on a small coroutine stack that the pipeline's own frames nearly
// fill, so the protocol (sockets, formatting) runs on a host thread of its own while the core
// waits for it to finish: the machine holds either way.
template <typename F>
void on_own_stack(F&& f) {
  std::thread t(std::forward<F>(f));
  t.join();
}

}  // namespace

Stub::Stub(std::vector<CoreView> cores, std::function<std::unique_ptr<Connection>()> accept,
           std::optional<uint32_t> pgdir_var)
    : cores_(std::move(cores)), accept_(std::move(accept)) {
  for (const CoreView& v : cores_) {
    views_.push_back(std::make_unique<MemoryView>(*v.iss, *v.mem, pgdir_var));
    for (unsigned i = 0; i < v.iss->num_contexts(); ++i) contexts_.push_back(&v.iss->context(i));
  }
  std::sort(contexts_.begin(), contexts_.end(),
            [](const Context* a, const Context* b) { return a->cpunum < b->cpunum; });
}

void Stub::attach() {
  for (CoreView& v : cores_) v.iss->set_debug_hook(this);
}

void Stub::detach() {
  detached_ = true;
  step_ = nullptr;
  for (CoreView& v : cores_) v.iss->set_debug_hook(nullptr);
}

Context* Stub::thread(uint32_t id) {
  for (Context* c : contexts_)
    if (tid(*c) == id) return c;
  return nullptr;
}

Context& Stub::selected() {
  if (g_thread_) return *g_thread_;
  return stopped_ ? *stopped_ : *contexts_.front();
}

MemoryView& Stub::view(const Context& c) {
  for (size_t i = 0; i < cores_.size(); ++i)
    if (cores_[i].iss == c.core) return *views_[i];
  return *views_.front();
}

void Stub::set_stop(const Context& c, const std::string& extra, unsigned sig) {
  char b[16];
  std::snprintf(b, sizeof b, "T%02x", sig & 0xff);
  stop_reply_ = b + std::string("thread:") + hex_u32(tid(c)) + ";" + extra;
  stopped_ = const_cast<Context*>(&c);
  g_thread_ = nullptr;
}

std::optional<std::string> Stub::watch_hit(Context& c) {
  uint32_t raw;
  if (view(c).read(c, c.pc, reinterpret_cast<uint8_t*>(&raw), 4) != 4) return std::nullopt;
  auto a = data_access(raw);
  if (!a) return std::nullopt;
  uint32_t ea = c.gpr[(raw >> 21) & 31] + static_cast<uint32_t>(static_cast<int16_t>(raw));
  if (a->word_aligned) ea &= ~3u;
  for (const Watch& w : watches_) {
    if (w.type == 2 && !a->store) continue;
    if (w.type == 3 && a->store) continue;
    const uint64_t lo = std::max<uint64_t>(ea, w.addr);
    if (lo >= std::min<uint64_t>(uint64_t{ea} + a->size, uint64_t{w.addr} + w.len)) continue;
    const char* kind = w.type == 2 ? "watch" : w.type == 3 ? "rwatch" : "awatch";
    return std::string(kind) + ":" + hex_u32(static_cast<uint32_t>(lo)) + ";";
  }
  return std::nullopt;
}

void Stub::before_step(Context& c) {
  if (!started_) {
    started_ = true;
    set_stop(c, "", 5);
    on_own_stack([this] {
      conn_ = accept_();
      if (conn_)
        serve(false);  // GDB asks for the stop with '?'
      else
        detach();
    });
  } else if (step_ && step_started_ && &c == step_ && (!step_user_ || user_mode(c))) {
    set_stop(c);
    on_own_stack([this] { serve(true); });
  } else if (others_held_ && !resumed_.count(&c)) {
    // GDB believes this thread held (others_held_): nothing of it is reported.
  } else if (!breakpoints_.empty() && breakpoints_.count(c.pc)) {
    set_stop(c);
    on_own_stack([this] { serve(true); });
  } else if (!watches_.empty()) {
    if (auto hit = watch_hit(c)) {
      set_stop(c, *hit);
      on_own_stack([this] { serve(true); });
    }
  }
  if (detached_) return;
  if (step_ && !step_started_ && &c == step_) {
    step_started_ = true;
    step_user_ = user_mode(c);  // a step from user code skips the kernel's interrupt handlers
  }
  if (++poll_countdown_ >= kPollInterval) {
    poll_countdown_ = 0;
    bool interrupted = false;
    on_own_stack([&] {
      uint8_t buf[256];
      const long n = conn_->recv(buf, sizeof buf, false);
      if (n < 0) return detach();  // GDB went away: run on to the end
      std::vector<rsp::Event> events;
      decoder_.feed(buf, static_cast<size_t>(n), events);
      for (const rsp::Event& e : events) interrupted |= e.kind == rsp::Event::Kind::kInterrupt;
      if (interrupted) {
        set_stop(c, "", 2);  // SIGINT
        serve(true);
      }
    });
  }
}

void Stub::serve(bool send_stop) {
  auto send = [&](const std::string& payload) {
    last_sent_ = rsp::frame(payload);
    if (!conn_->send(last_sent_)) detach();
  };
  step_ = nullptr;
  others_held_ = false;
  resumed_.clear();
  if (send_stop) send(stop_reply_);
  std::vector<rsp::Event> events;
  uint8_t buf[4096];
  while (!detached_) {
    const long n = conn_->recv(buf, sizeof buf, true);
    if (n < 0) return detach();
    events.clear();
    decoder_.feed(buf, static_cast<size_t>(n), events);
    for (const rsp::Event& e : events) {
      if (detached_) return;
      using K = rsp::Event::Kind;
      switch (e.kind) {
        case K::kAck:
        case K::kInterrupt: break;  // already stopped
        case K::kNack:
          if (!no_ack_ && !conn_->send(last_sent_)) detach();
          break;
        case K::kBadPacket:
          if (!no_ack_ && !conn_->send("-")) detach();
          break;
        case K::kOversized:
          if (!no_ack_) conn_->send("+");
          send("E01");
          break;
        case K::kPacket: {
          if (!no_ack_ && !conn_->send("+")) return detach();
          Outcome o = handle(e.payload);
          switch (o.kind) {
            case Outcome::Kind::kReply: send(o.reply); break;
            case Outcome::Kind::kResume: return;
            case Outcome::Kind::kDetach:
              send(o.reply);
              conn_.reset();
              return detach();
            case Outcome::Kind::kKill:
              killed_ = true;
              for (CoreView& v : cores_) v.iss->request_stop();
              conn_.reset();
              return detach();
          }
          break;
        }
      }
    }
  }
}

void Stub::finish(int status) {
  if (!conn_ || detached_) return;
  char b[8];
  std::snprintf(b, sizeof b, "W%02x", status & 0xff);
  conn_->send(rsp::frame(b));
  conn_.reset();
  detach();
}

std::string Stub::thread_info(const Context& c) const {
  return "core " + std::to_string(c.cpunum / std::max(1u, c.core->num_contexts())) + " context " +
         std::to_string(c.id) + ": " + context_state_name(c.state) +
         (c.state == ContextState::kRunning ? (user_mode(c) ? ", user" : ", kernel") : "");
}

Stub::Outcome Stub::resume_vcont(const std::string& args) {
  // ";s:2;c" -> actions. A step names the thread it ends on; every context runs in any case, but
  // with no default action GDB expects stops only from the threads it named.
  Context* step = nullptr;
  bool others_continue = false;
  std::unordered_set<const Context*> resumed;
  size_t i = 0;
  while (i < args.size()) {
    if (args[i] != ';') return {Outcome::Kind::kReply, "E01"};
    size_t end = args.find(';', i + 1);
    if (end == std::string::npos) end = args.size();
    const std::string action = args.substr(i + 1, end - i - 1);
    i = end;
    if (action.empty()) return {Outcome::Kind::kReply, "E01"};
    const char kind = action[0];
    if (kind != 'c' && kind != 'C' && kind != 's' && kind != 'S')
      return {Outcome::Kind::kReply, "E01"};
    Context* target = nullptr;
    const size_t colon = action.find(':');
    if (colon != std::string::npos) {
      const std::string t = action.substr(colon + 1);
      if (t != "-1") {
        auto id = rsp::parse_u32(t);
        if (!id || !(target = thread(*id))) return {Outcome::Kind::kReply, "E01"};
      }
    }
    if ((kind == 's' || kind == 'S') && !step) step = target ? target : &selected();
    if (target)
      resumed.insert(target);
    else
      others_continue = true;  // an action without a thread: the default for the rest
  }
  step_ = step;
  others_held_ = !others_continue;
  resumed_ = std::move(resumed);
  step_started_ = false;
  return {Outcome::Kind::kResume, ""};
}

Stub::Outcome Stub::handle_query(const std::string& p) {
  using K = Outcome::Kind;
  if (starts_with(p, "qSupported"))
    return {K::kReply, "PacketSize=" + hex_u32(rsp::kMaxPacket) +
                           ";QStartNoAckMode+;qXfer:features:read+;vContSupported+;hwbreak+"};
  if (p == "QStartNoAckMode") {
    no_ack_ = true;
    return {K::kReply, "OK"};
  }
  if (p == "qfThreadInfo") {
    std::string r = "m";
    for (Context* c : contexts_) r += (r.size() > 1 ? "," : "") + hex_u32(tid(*c));
    return {K::kReply, r};
  }
  if (p == "qsThreadInfo") return {K::kReply, "l"};
  if (p == "qC") return {K::kReply, "QC" + hex_u32(tid(selected()))};
  if (p == "qAttached") return {K::kReply, "1"};
  if (starts_with(p, "qThreadExtraInfo,")) {
    auto id = rsp::parse_u32(p.substr(17));
    Context* c = id ? thread(*id) : nullptr;
    if (!c) return {K::kReply, "E01"};
    return {K::kReply, rsp::to_hex(thread_info(*c))};
  }
  if (starts_with(p, "qXfer:features:read:target.xml:")) {
    auto r = rsp::parse_addr_len(std::string_view(p).substr(32));
    if (!r) return {K::kReply, "E01"};
    const std::string& x = target_xml();
    if (r->addr > x.size()) return {K::kReply, "E01"};
    const size_t len = std::min<size_t>({r->len, x.size() - r->addr, rsp::kMaxPacket / 2});
    return {K::kReply, (r->addr + len < x.size() ? "m" : "l") + x.substr(r->addr, len)};
  }
  return {K::kReply, ""};
}

Stub::Outcome Stub::handle_break(const std::string& p, bool insert) {
  using K = Outcome::Kind;
  // Ztype,addr,kind
  if (p.size() < 3 || p[2] != ',' || p[1] < '0' || p[1] > '4') return {K::kReply, ""};
  const unsigned type = static_cast<unsigned>(p[1] - '0');
  std::string rest = p.substr(3);
  rest = rest.substr(0, rest.find(';'));  // conditions and commands are GDB's business
  auto al = rsp::parse_addr_len(rest);
  if (!al) return {K::kReply, "E01"};
  if (type <= 1) {
    if (insert && breakpoints_.size() >= kMaxBreakpoints) return {K::kReply, "E01"};
    if (insert)
      breakpoints_.insert(al->addr);
    else
      breakpoints_.erase(al->addr);
    return {K::kReply, "OK"};
  }
  if (al->len == 0) return {K::kReply, "E01"};
  auto same = [&](const Watch& w) {
    return w.type == type && w.addr == al->addr && w.len == al->len;
  };
  if (insert) {
    if (watches_.size() >= kMaxBreakpoints) return {K::kReply, "E01"};
    watches_.push_back({type, al->addr, al->len});
  } else {
    auto it = std::find_if(watches_.begin(), watches_.end(), same);
    if (it != watches_.end()) watches_.erase(it);
  }
  return {K::kReply, "OK"};
}

Stub::Outcome Stub::handle_memory(const std::string& p) {
  using K = Outcome::Kind;
  Context& c = selected();
  if (p[0] == 'm') {
    auto al = rsp::parse_addr_len(std::string_view(p).substr(1));
    if (!al) return {K::kReply, "E01"};
    std::vector<uint8_t> buf(std::min<size_t>(al->len, rsp::kMaxPacket / 2));
    const size_t n = view(c).read(c, al->addr, buf.data(), buf.size());
    if (n == 0 && !buf.empty()) return {K::kReply, "E01"};
    return {K::kReply, rsp::to_hex(buf.data(), n)};
  }
  const size_t colon = p.find(':');
  if (colon == std::string::npos) return {K::kReply, "E01"};
  auto al = rsp::parse_addr_len(std::string_view(p).substr(1, colon - 1));
  if (!al) return {K::kReply, "E01"};
  const std::string_view data = std::string_view(p).substr(colon + 1);
  auto bytes = p[0] == 'M' ? rsp::from_hex(data) : rsp::unescape_binary(data);
  if (!bytes || bytes->size() != al->len) return {K::kReply, "E01"};
  if (!view(c).write(c, al->addr, bytes->data(), bytes->size())) return {K::kReply, "E01"};
  return {K::kReply, "OK"};
}

Stub::Outcome Stub::handle(const std::string& p) {
  using K = Outcome::Kind;
  if (p.empty()) return {K::kReply, ""};
  switch (p[0]) {
    case '?': return {K::kReply, stop_reply_};
    case 'q':
    case 'Q': return handle_query(p);
    case 'g': return {K::kReply, encode_regs(selected())};
    case 'G': return {K::kReply, decode_regs(selected(), p.substr(1)) ? "OK" : "E01"};
    case 'p': {
      auto n = rsp::parse_u32(p.substr(1));
      auto v = n ? read_reg(selected(), *n) : std::nullopt;
      return {K::kReply, v ? rsp::le32_hex(*v) : "E01"};
    }
    case 'P': {
      const size_t eq = p.find('=');
      if (eq == std::string::npos) return {K::kReply, "E01"};
      auto n = rsp::parse_u32(p.substr(1, eq - 1));
      auto v = rsp::parse_le32_hex(p.substr(eq + 1));
      if (!n || !v || !write_reg(selected(), *n, *v)) return {K::kReply, "E01"};
      return {K::kReply, "OK"};
    }
    case 'm':
    case 'M':
    case 'X': return handle_memory(p);
    case 'H': {
      if (p.size() < 3 || (p[1] != 'g' && p[1] != 'c')) return {K::kReply, "E01"};
      const std::string t = p.substr(2);
      if (t == "-1" || t == "0") {
        if (p[1] == 'g') g_thread_ = nullptr;
        return {K::kReply, "OK"};
      }
      auto id = rsp::parse_u32(t);
      Context* c = id ? thread(*id) : nullptr;
      if (!c) return {K::kReply, "E01"};
      if (p[1] == 'g') g_thread_ = c;
      return {K::kReply, "OK"};
    }
    case 'T': {
      auto id = rsp::parse_u32(p.substr(1));
      return {K::kReply, id && thread(*id) ? "OK" : "E01"};
    }
    case 'c':
    case 's':
    case 'C':
    case 'S': {
      // [sig;]addr: an address resumes there.
      std::string a = p.substr(1);
      if (p[0] == 'C' || p[0] == 'S') {
        const size_t semi = a.find(';');
        a = semi == std::string::npos ? "" : a.substr(semi + 1);
      }
      if (!a.empty()) {
        auto addr = rsp::parse_u32(a);
        if (!addr) return {K::kReply, "E01"};
        selected().pc = *addr;
      }
      step_ = (p[0] == 's' || p[0] == 'S') ? &selected() : nullptr;
      others_held_ = step_ != nullptr;  // 's' resumes the Hc thread; GDB sees the rest held
      resumed_ = {step_};
      step_started_ = false;
      return {K::kResume, ""};
    }
    case 'v':
      if (p == "vCont?") return {K::kReply, "vCont;c;C;s;S"};
      if (starts_with(p, "vCont;")) return resume_vcont(p.substr(5));
      if (starts_with(p, "vKill")) return {K::kKill, ""};
      return {K::kReply, ""};
    case 'D': return {K::kDetach, "OK"};
    case 'k': return {K::kKill, ""};
    case 'Z':
    case 'z': return handle_break(p, p[0] == 'Z');
    default: return {K::kReply, ""};
  }
}

}  // namespace kasane::gdb
