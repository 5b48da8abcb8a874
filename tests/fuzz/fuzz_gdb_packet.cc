// libFuzzer target: the GDB stub's packet decoder and command handler. The input is what a client
// might send over the socket: it is fed to the decoder in two pieces (split where the first byte
// says, so packets also arrive cut in the middle), and every packet it yields is handled by a
// stub on a two-context machine with 64 KiB of RAM. Nothing may crash, every reply must frame and
// decode back to itself, and no reply may exceed the announced packet size.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "debug/gdb_stub.h"
#include "debug/rsp_packet.h"

namespace {

class SmallRam : public kasane::PhysMemory {
 public:
  uint8_t* ram_page(uint32_t ppn) override { return ppn < 16 ? ram_ + (ppn << 12) : nullptr; }
  bool io(uint32_t, unsigned, bool, uint32_t&) override { return false; }

 private:
  uint8_t ram_[16 << 12] = {};
};

[[noreturn]] void fail(const char* what, const std::string& packet, const std::string& reply) {
  std::fprintf(stderr, "fuzz_gdb_packet: %s; packet \"%s\", reply \"%s\"\n", what, packet.c_str(),
               reply.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static SmallRam* ram = new SmallRam;
  kasane::IssConfig cfg;
  cfg.contexts = 2;
  kasane::Iss iss(cfg, *ram);
  iss.reset(0x80000000u, 0, 0);
  // The page-table variable points into RAM too, so the walk runs on fuzzed memory.
  kasane::gdb::Stub stub({{&iss, ram}}, [] { return nullptr; }, 0x80000100u);

  std::vector<kasane::rsp::Event> events;
  kasane::rsp::Decoder decoder;
  const size_t split = size ? data[0] % (size + 1) : 0;
  decoder.feed(data, split, events);
  decoder.feed(data + split, size - split, events);
  for (const kasane::rsp::Event& e : events) {
    if (e.kind != kasane::rsp::Event::Kind::kPacket) continue;
    if (e.payload.size() > kasane::rsp::kMaxPacket) fail("payload over the size cap", "", "");
    kasane::gdb::Stub::Outcome o = stub.handle(e.payload);
    const std::string framed = kasane::rsp::frame(o.reply);
    std::vector<kasane::rsp::Event> back;
    kasane::rsp::Decoder d;
    d.feed(reinterpret_cast<const uint8_t*>(framed.data()), framed.size(), back);
    if (back.size() != 1 || back[0].kind != kasane::rsp::Event::Kind::kPacket)
      fail("a reply does not decode as one packet", e.payload, o.reply);
    auto raw = kasane::rsp::unescape_binary(back[0].payload);
    if (!raw || std::string(raw->begin(), raw->end()) != o.reply)
      fail("a reply does not decode back to itself", e.payload, o.reply);
    if (o.reply.size() > kasane::rsp::kMaxPacket)
      fail("a reply exceeds PacketSize", e.payload, o.reply.substr(0, 64));
  }
  return 0;
}
