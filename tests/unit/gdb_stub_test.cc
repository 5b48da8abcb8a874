// The GDB stub (sim/debug/gdb_stub.h) on an ISS without sockets: the hold at the first
// instruction, stops at breakpoints, watchpoints and single steps driven through a scripted
// connection, and error replies to malformed commands.
#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "debug/gdb_stub.h"
#include "debug/rsp_packet.h"
#include "test_machine.h"

namespace kasane::gdb {
namespace {

using test::Machine;
namespace enc = test::enc;
namespace r = test::r;

// Plays the client: each time the stub waits for input it gets the next scripted packets.
class ScriptedConnection : public Connection {
 public:
  std::deque<std::string> script;  // one entry per wait; "" = hang up
  std::vector<std::string> sent;
  bool send(const std::string& b) override {
    sent.push_back(b);
    return true;
  }
  long recv(uint8_t* buf, size_t n, bool wait) override {
    if (!wait) return 0;
    if (script.empty() || script.front().empty()) return -1;
    std::string s = script.front();
    script.pop_front();
    std::memcpy(buf, s.data(), std::min(n, s.size()));
    return static_cast<long>(std::min(n, s.size()));
  }
  // The stop replies among what was sent.
  std::vector<std::string> stops() const {
    std::vector<std::string> out;
    for (const std::string& s : sent)
      if (s.rfind("$T", 0) == 0) out.push_back(s.substr(1, s.find('#') - 1));
    return out;
  }
};

struct StubFixture {
  explicit StubFixture(unsigned contexts = 1) : m(config(contexts)) {
    conn = new ScriptedConnection;
    stub = std::make_unique<Stub>(std::vector<CoreView>{{&m.iss, &m.ram}},
                                  [this] { return std::unique_ptr<Connection>(conn); },
                                  std::nullopt);
    stub->attach();
  }
  static IssConfig config(unsigned n) {
    IssConfig c;
    c.contexts = n;
    return c;
  }
  Machine m;
  ScriptedConnection* conn;  // owned by the stub once accepted
  std::unique_ptr<Stub> stub;
};

std::string pkt(const std::string& p) { return rsp::frame(p); }

TEST(GdbStub, HoldsAtTheFirstInstructionAndAnswersQueries) {
  StubFixture f;
  f.m.load({enc::addiu(r::t0, r::zero, 5), enc::addiu(r::t0, r::t0, 1)});
  f.conn->script = {pkt("qSupported") + pkt("?") + pkt("qfThreadInfo") + pkt("p25"),
                    pkt("vCont;c"), ""};
  f.m.step(2);
  ASSERT_GE(f.conn->sent.size(), 8u);
  EXPECT_EQ(f.conn->sent[1].substr(0, 15), "$PacketSize=400");
  EXPECT_EQ(f.conn->sent[3], pkt("T05thread:1;"));
  EXPECT_EQ(f.conn->sent[5], pkt("m1"));
  EXPECT_EQ(f.conn->sent[7], pkt(rsp::le32_hex(test::kEntry)));
  EXPECT_EQ(f.m.gpr(r::t0), 6u);  // it ran on after the continue
}

TEST(GdbStub, StopsAtABreakpointBeforeTheInstructionRuns) {
  StubFixture f;
  f.m.load({enc::addiu(r::t0, r::zero, 5), enc::addiu(r::t0, r::t0, 1),
            enc::addiu(r::t0, r::t0, 1)});
  const std::string bp = "Z0,80001008,4";
  f.conn->script = {pkt("QStartNoAckMode") + pkt(bp) + pkt("c"), pkt("p8") + pkt("c"), ""};
  f.m.step(3);
  ASSERT_EQ(f.conn->stops().size(), 1u);
  EXPECT_EQ(f.conn->stops()[0], "T05thread:1;");
  // At the stop, t0 held 6: the instruction at the breakpoint had not run.
  EXPECT_NE(std::find(f.conn->sent.begin(), f.conn->sent.end(), pkt(rsp::le32_hex(6))),
            f.conn->sent.end());
  EXPECT_EQ(f.m.gpr(r::t0), 7u);
}

TEST(GdbStub, WriteWatchpointReportsTheAddressBeforeTheStore) {
  StubFixture f;
  f.m.load({enc::addiu(r::t1, r::zero, 9), enc::sw(r::t1, 4, r::t2), enc::addiu(r::t1, r::t1, 1)});
  f.m.gpr(r::t2) = test::kData;
  f.conn->script = {pkt("QStartNoAckMode") + pkt("Z2,80010004,4") + pkt("c"),
                    pkt("m80010004,4") + pkt("c"), ""};
  f.m.step(3);
  ASSERT_EQ(f.conn->stops().size(), 1u);
  EXPECT_EQ(f.conn->stops()[0], "T05thread:1;watch:80010004;");
  EXPECT_NE(std::find(f.conn->sent.begin(), f.conn->sent.end(), pkt("00000000")),
            f.conn->sent.end());  // the word was still 0 at the stop
  EXPECT_EQ(*reinterpret_cast<uint32_t*>(f.m.ram.at(0x10004)), 9u);
}

TEST(GdbStub, SingleStepOfOneThreadStopsAfterItsNextInstruction) {
  StubFixture f(2);
  f.m.load({enc::addiu(r::t0, r::zero, 1), enc::addiu(r::t0, r::t0, 1),
            enc::addiu(r::t0, r::t0, 1)});
  f.m.ctx(1).state = ContextState::kRunning;
  f.m.ctx(1).pc = test::kEntry;
  f.conn->script = {pkt("QStartNoAckMode") + pkt("vCont;s:2;c"), pkt("c"), ""};
  // Interleaved as the ISS runs them: context 0, context 1, context 0, ...
  for (int k = 0; k < 3; ++k) {
    f.m.step(1, 0);
    f.m.step(1, 1);
  }
  ASSERT_EQ(f.conn->stops().size(), 1u);
  EXPECT_EQ(f.conn->stops()[0], "T05thread:2;");
}

TEST(GdbStub, HostilePacketsGetErrorsNotCrashes) {
  Machine m;
  Stub stub({{&m.iss, &m.ram}}, [] { return nullptr; }, std::nullopt);
  for (const char* p : {"m", "mzz,4", "m0", "M80010000,4:zz", "X80010000,2:}", "P", "P1=", "p999",
                        "Hgzz", "Hg99", "T", "Z9,0,0", "Z0,", "vCont;x", "vCont;s:99", "G00",
                        "qXfer:features:read:target.xml:ffffff,10", "qThreadExtraInfo,77"}) {
    Stub::Outcome o = stub.handle(p);
    EXPECT_EQ(o.kind, Stub::Outcome::Kind::kReply) << p;
    EXPECT_TRUE(o.reply.empty() || o.reply[0] == 'E') << p << " -> " << o.reply;
  }
  EXPECT_EQ(stub.handle("mffffffff,10000").reply, "E01");  // kseg2, unmapped
}

TEST(GdbStub, ThreadExtraInfoSaysCoreContextAndState) {
  Machine m(StubFixture::config(2));
  Stub stub({{&m.iss, &m.ram}}, [] { return nullptr; }, std::nullopt);
  const std::string r = stub.handle("qThreadExtraInfo,2").reply;
  auto bytes = rsp::from_hex(r);
  ASSERT_TRUE(bytes);
  EXPECT_EQ(std::string(bytes->begin(), bytes->end()), "core 0 context 1: free");
  EXPECT_EQ(stub.handle("T2").reply, "OK");
  EXPECT_EQ(stub.handle("T3").reply, "E01");
}

}  // namespace
}  // namespace kasane::gdb
