// Unit tests of the block device (sim/dev/blockdev.*) and what the core gives it: interrupt lines
// (Iss::set_irq) and timed events (Iss::schedule_event). A Ram module serves both the ISS and the
// device's DMA, as on the platform; the device's registers are reached directly or, for guest
// code, through the ISS's device accesses. Checked: read and write round trips through an image
// file, the completion cycle (issue + latency + bytes / bandwidth, exactly), the line up on DONE
// and down on acknowledge, every refused command, DMA seen by MWAIT, LL and instruction fetch
// (ISS and pipeline), no deadlock while a request is pending, and the idle skip landing exactly
// on the completion cycle with the same results as ticking.
#include <sys/stat.h>

#include <cmath>
#include <string>

#include "dev/blockdev.h"
#include "kasane/devices.h"
#include "pipeline_fakes.h"
#include "thread_test_util.h"

namespace kasane::test {
namespace {

using namespace enc;
using W = std::vector<uint32_t>;

constexpr uint32_t kBlkPa = 0x1f002000u;     // where the guest finds the device (kseg1 below)
constexpr uint32_t kBuf = 0x00100000u;       // a DMA buffer in RAM (physical)
constexpr uint64_t kLatency = 1234;          // distinctive timing, unlike the defaults
constexpr double kBandwidth = 8;             // bytes per cycle: 64 cycles a sector
constexpr uint32_t kIP2 = 1u << 10;          // Cause.IP2 and Status.IM2
constexpr uint32_t kBusy = KASANE_BLK_STATUS_BUSY, kDone = KASANE_BLK_STATUS_DONE,
                   kError = KASANE_BLK_STATUS_ERROR;

uint8_t pattern(uint32_t sector, uint32_t i) { return static_cast<uint8_t>(sector * 7 + i + 1); }

// An image of `sectors` sectors, each byte pattern(sector, index).
std::string make_image(const TempDir& dir, uint32_t sectors, const std::string& name = "disk.img") {
  std::string bytes;
  for (uint32_t s = 0; s < sectors; ++s)
    for (uint32_t i = 0; i < KASANE_BLK_SECTOR_SIZE; ++i)
      bytes.push_back(static_cast<char>(pattern(s, i)));
  write_text(dir.file(name), bytes);
  return dir.file(name);
}

class TestBlockDev : public BlockDev {
 public:
  using BlockDev::BlockDev;
  uint32_t reg(uint32_t offset) {
    uint32_t v = 0;
    EXPECT_TRUE(read(offset, v, sc_core::SC_ZERO_TIME));
    return v;
  }
  void set(uint32_t offset, uint32_t v) { EXPECT_TRUE(write(offset, v, sc_core::SC_ZERO_TIME)); }
  bool io(uint32_t offset, bool is_write, uint32_t& data) {
    return is_write ? write(offset, data, sc_core::SC_ZERO_TIME)
                    : read(offset, data, sc_core::SC_ZERO_TIME);
  }
  // Program a request and start it.
  void start(uint32_t cmd, uint32_t sector, uint32_t count, uint32_t dma = kBuf) {
    set(KASANE_BLK_SECTOR, sector);
    set(KASANE_BLK_COUNT, count);
    set(KASANE_BLK_DMA, dma);
    set(KASANE_BLK_CMD, cmd);
  }
};

// The machine: 16 MiB of lazy RAM at physical 0, an ISS on it and the device on both.
class DiskRig : public PhysMemory {
 public:
  explicit DiskRig(unsigned contexts = 2, double bandwidth = kBandwidth)
      : ram("ram", kRamBytes),
        iss(thread_config(contexts), *this),
        dev("blockdev", BlockDevTiming{kLatency, bandwidth}, iss, ram, {{0, kRamBytes, 0}}) {
    iss.reset(kEntry, 0, 0);
    for (unsigned i = 0; i < iss.num_contexts(); ++i) ctx(i).cp0.status &= ~cp0::kStatusBEV;
  }

  uint8_t* ram_page(uint32_t ppn) override {
    return (uint64_t{ppn} << 12) < ram.size() ? ram.page(ppn << 12) : nullptr;
  }
  bool io(uint32_t pa, unsigned size, bool write, uint32_t& data) override {
    return pa - kBlkPa < KASANE_BLK_SIZE && size == 4 && dev.io(pa - kBlkPa, write, data);
  }

  Context& ctx(unsigned i = 0) { return iss.context(i); }
  uint32_t& gpr(unsigned reg, unsigned i = 0) { return ctx(i).gpr[reg]; }
  void place(uint32_t pa, const W& words) {
    ram.write(pa, reinterpret_cast<const uint8_t*>(words.data()), 4 * words.size());
  }
  uint8_t& byte(uint32_t pa) { return ram.page(pa)[pa % Ram::kPageSize]; }
  // Advance the core's clock to `cycle` the way the pipeline does, firing what is due.
  void clock_to(uint64_t cycle) {
    iss.set_cycle(cycle);
    iss.update_timers();
  }
  uint32_t cause(unsigned i = 0) { return ctx(i).cp0.cause; }

  Ram ram;  // before iss and dev, which keep references to it
  Iss iss;
  TestBlockDev dev;
};

uint64_t transfer(uint32_t sectors, double bandwidth = kBandwidth) {
  return static_cast<uint64_t>(std::ceil(sectors * 512.0 / bandwidth));
}

// ---- the registers and requests ----

TEST(BlockDev, WithoutADiskSectorsReadsZeroAndEveryCommandIsRefused) {
  DiskRig m;
  EXPECT_EQ(m.dev.reg(KASANE_BLK_SECTORS), 0u);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), 0u);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kError);
  EXPECT_TRUE(m.dev.line());
  EXPECT_TRUE(m.cause(0) & kIP2);
  EXPECT_FALSE(m.iss.event_pending());
  EXPECT_EQ(m.dev.stats_json()["attached"], false);
}

TEST(BlockDev, ReadMovesTheSectorsIntoRamAtTheCompletionCycle) {
  TempDir dir;
  DiskRig m;
  m.dev.attach(make_image(dir, 16));
  EXPECT_EQ(m.dev.reg(KASANE_BLK_SECTORS), 16u);
  m.clock_to(100);
  m.dev.start(KASANE_BLK_CMD_READ, 3, 2);
  const uint64_t done = 100 + kLatency + transfer(2);
  EXPECT_EQ(done, 100u + 1234 + 128);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kBusy);
  EXPECT_EQ(m.iss.next_wake_cycle(), done) << "the pending request is the next event";
  m.clock_to(done - 1);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kBusy);
  EXPECT_EQ(m.byte(kBuf), 0) << "nothing moves before the end";
  EXPECT_FALSE(m.dev.line());
  m.clock_to(done);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kDone);
  for (uint32_t i = 0; i < 1024; ++i)
    ASSERT_EQ(m.byte(kBuf + i), pattern(3 + i / 512, i % 512)) << i;
  EXPECT_EQ(m.byte(kBuf + 1024), 0) << "not one byte more";
  EXPECT_TRUE(m.dev.line());
  EXPECT_TRUE(m.cause(0) & kIP2);
  EXPECT_FALSE(m.cause(1) & kIP2) << "IRQ_CTX is 0 by default";
  EXPECT_EQ(m.dev.stats().sectors_read, 2u);
  EXPECT_EQ(m.dev.stats().busy_cycles, done - 100);
}

TEST(BlockDev, WriteGoesToTheImageFileAndTheNextRunReadsItBack) {
  TempDir dir;
  const std::string image = make_image(dir, 8);
  {
    DiskRig m;
    m.dev.attach(image);
    for (uint32_t i = 0; i < 1536; ++i) m.byte(kBuf + i) = static_cast<uint8_t>(i * 3);
    m.dev.start(KASANE_BLK_CMD_WRITE, 5, 3);
    m.clock_to(kLatency + transfer(3));
    EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kDone);
    EXPECT_EQ(m.dev.stats().sectors_written, 3u);
  }
  const std::string bytes = read_text(image);
  ASSERT_EQ(bytes.size(), 8u * 512);
  for (uint32_t i = 0; i < 5 * 512; ++i)
    ASSERT_EQ(static_cast<uint8_t>(bytes[i]), pattern(i / 512, i % 512)) << "untouched";
  for (uint32_t i = 0; i < 1536; ++i)
    ASSERT_EQ(static_cast<uint8_t>(bytes[5 * 512 + i]), static_cast<uint8_t>(i * 3));

  DiskRig next;  // another run on the same image
  next.dev.attach(image);
  next.dev.start(KASANE_BLK_CMD_READ, 6, 1, kBuf + 0x800);
  next.clock_to(kLatency + transfer(1));
  for (uint32_t i = 0; i < 512; ++i)
    ASSERT_EQ(next.byte(kBuf + 0x800 + i), static_cast<uint8_t>((512 + i) * 3));
}

TEST(BlockDev, DmaDoesNotAllocateRamPagesThatHoldOnlyZeros) {
  TempDir dir;
  write_text(dir.file("zeros.img"), std::string(64 * 512, '\0'));
  DiskRig m;
  m.dev.attach(dir.file("zeros.img"));
  const size_t pages = m.ram.pages_allocated();
  m.dev.start(KASANE_BLK_CMD_WRITE, 0, 64);  // untouched RAM reads as zeros
  m.clock_to(kLatency + transfer(64));
  m.dev.set(KASANE_BLK_STATUS, kDone);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 64);  // zeros into untouched RAM change nothing
  m.clock_to(2 * (kLatency + transfer(64)));
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kDone);
  EXPECT_EQ(m.ram.pages_allocated(), pages);
}

TEST(BlockDev, CompletionCycleIsIssuePlusLatencyPlusBytesOverBandwidth) {
  TempDir dir;
  const std::string image = make_image(dir, KASANE_BLK_MAX_COUNT + 1);
  for (double bw : {8.0, 3.0, 0.5}) {
    for (uint32_t count : {1u, 7u, KASANE_BLK_MAX_COUNT}) {
      DiskRig m(2, bw);
      m.dev.attach(image);
      m.clock_to(777);
      m.dev.start(KASANE_BLK_CMD_READ, 1, count);
      // A part of a cycle takes the whole cycle: 512 / 3 = 170.67 -> 171.
      const uint64_t done = 777 + kLatency + static_cast<uint64_t>(std::ceil(count * 512 / bw));
      m.clock_to(done - 1);
      EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kBusy) << count << " sectors at " << bw;
      m.clock_to(done);
      EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kDone) << count << " sectors at " << bw;
    }
  }
}

TEST(BlockDev, AcknowledgeLowersTheLineAndANewCommandClearsTheOldOutcome) {
  TempDir dir;
  DiskRig m;
  m.dev.attach(make_image(dir, 4));
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1);
  m.clock_to(kLatency + transfer(1));
  ASSERT_TRUE(m.dev.line());
  m.dev.set(KASANE_BLK_STATUS, kError);  // not the pending bit: no effect
  EXPECT_TRUE(m.dev.line());
  m.dev.set(KASANE_BLK_STATUS, kDone);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), 0u);
  EXPECT_FALSE(m.dev.line());
  EXPECT_FALSE(m.cause(0) & kIP2);
  m.dev.start(KASANE_BLK_CMD_READ, 9, 1);  // refused
  ASSERT_EQ(m.dev.reg(KASANE_BLK_STATUS), kError);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1);  // accepted: ERROR was about the last command
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kBusy);
  EXPECT_FALSE(m.dev.line());
}

TEST(BlockDev, EveryRefusedCommandSetsErrorRaisesTheLineAndMovesNothing) {
  TempDir dir;
  const std::string image = make_image(dir, 8);
  struct Case {
    const char* what;
    uint32_t cmd, sector, count, dma;
  };
  const Case cases[] = {
      {"a range past the end", KASANE_BLK_CMD_READ, 6, 3, kBuf},
      {"a first sector past the end", KASANE_BLK_CMD_WRITE, 8, 1, kBuf},
      {"a sector count wrapping 32 bits", KASANE_BLK_CMD_READ, 0xffffffffu, 2, kBuf},
      {"COUNT 0", KASANE_BLK_CMD_READ, 0, 0, kBuf},
      {"COUNT above the maximum", KASANE_BLK_CMD_READ, 0, KASANE_BLK_MAX_COUNT + 1, kBuf},
      {"a buffer on a device", KASANE_BLK_CMD_READ, 0, 1, kBlkPa},
      {"a buffer past the end of RAM", KASANE_BLK_CMD_READ, 0, 2, kRamBytes - 512},
      {"an unknown command", 3, 0, 1, kBuf},
      {"command 0", 0, 0, 1, kBuf},
  };
  for (const Case& c : cases) {
    DiskRig m;
    m.dev.attach(image);
    m.dev.start(c.cmd, c.sector, c.count, c.dma);
    EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kError) << c.what;
    EXPECT_TRUE(m.dev.line()) << c.what;
    EXPECT_TRUE(m.cause(0) & kIP2) << c.what;
    EXPECT_FALSE(m.iss.event_pending()) << c.what;
    EXPECT_EQ(m.dev.stats().refused, 1u) << c.what;
    EXPECT_EQ(m.dev.stats().requests, 0u) << c.what;
  }
  EXPECT_EQ(read_text(image).size(), 8u * 512);

  // A command while busy is refused; the request in flight goes on and ends well.
  DiskRig m;
  m.dev.attach(image);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1);
  m.dev.start(KASANE_BLK_CMD_WRITE, 1, 1);
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kBusy | kError);
  EXPECT_TRUE(m.dev.line());
  m.clock_to(kLatency + transfer(1));
  EXPECT_EQ(m.dev.reg(KASANE_BLK_STATUS), kDone | kError);
  EXPECT_EQ(m.byte(kBuf), pattern(0, 0));
  EXPECT_EQ(static_cast<uint8_t>(read_text(image)[512]), pattern(1, 0)) << "the write never ran";
  EXPECT_EQ(m.dev.stats_json()["requests"], 1);
  EXPECT_EQ(m.dev.stats_json()["refused"], 1);
}

TEST(BlockDev, IrqCtxRoutesTheLineAndARaisedLineMovesWithIt) {
  TempDir dir;
  DiskRig m(2);
  m.dev.attach(make_image(dir, 4));
  m.dev.set(KASANE_BLK_IRQ_CTX, 1);
  m.dev.set(KASANE_BLK_IRQ_CTX, 2);  // no such context: ignored
  EXPECT_EQ(m.dev.reg(KASANE_BLK_IRQ_CTX), 1u);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1);
  m.clock_to(kLatency + transfer(1));
  EXPECT_TRUE(m.cause(1) & kIP2);
  EXPECT_FALSE(m.cause(0) & kIP2);
  m.dev.set(KASANE_BLK_IRQ_CTX, 0);
  EXPECT_TRUE(m.cause(0) & kIP2);
  EXPECT_FALSE(m.cause(1) & kIP2);
}

TEST(BlockDev, AttachRefusesImagesThatCannotBeADisk) {
  TempDir dir;
  write_text(dir.file("odd.img"), std::string(1000, 'x'));
  write_text(dir.file("empty.img"), "");
  mkdir(dir.file("dir.img").c_str(), 0755);
  mkfifo(dir.file("fifo.img").c_str(), 0600);  // opened, it would wait for a writer
  const std::pair<std::string, std::string> cases[] = {
      {dir.file("missing.img"), "No such file"},
      {dir.file("odd.img"), "1000 bytes"},
      {dir.file("empty.img"), "0 bytes"},
      {dir.file("dir.img"), "a directory, not a regular file"},
      {dir.file("fifo.img"), "a FIFO, not a regular file"},
  };
  for (const auto& [path, why] : cases) {
    DiskRig m;
    try {
      m.dev.attach(path);
      ADD_FAILURE() << path << " was accepted";
    } catch (const DiskError& e) {
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
    EXPECT_EQ(m.dev.reg(KASANE_BLK_SECTORS), 0u);
  }
  if (geteuid() != 0) {  // root may write anything
    const std::string ro = make_image(dir, 1, "ro.img");
    chmod(ro.c_str(), 0444);
    DiskRig m;
    EXPECT_THROW(m.dev.attach(ro), DiskError);
  }
}

// ---- what the core does for devices ----

TEST(IssIrq, LinesAreLevelTriggeredAndMtc0CannotClearThem) {
  DiskRig m;
  m.iss.set_irq(0, 2, true);
  m.iss.set_irq(0, 6, true);
  EXPECT_EQ(m.cause(0) & cp0::kCauseIPMask, kIP2 | (1u << 14));
  m.place(0x1000, {mtc0(r::zero, cp0::kCause), mfc0(r::t0, cp0::kCause)});
  m.iss.step(m.ctx(0));
  m.iss.step(m.ctx(0));
  EXPECT_EQ(m.gpr(r::t0) & cp0::kCauseIPMask, kIP2 | (1u << 14)) << "software wrote 0 to Cause";
  m.iss.set_irq(0, 2, false);
  EXPECT_EQ(m.cause(0) & cp0::kCauseIPMask, 1u << 14);
  EXPECT_THROW(m.iss.set_irq(0, 7, true), std::out_of_range) << "IP7 is the timer's";
  EXPECT_THROW(m.iss.set_irq(2, 2, true), std::out_of_range);
}

TEST(IssIrq, TforkKeepsTheLinesOfTheNewContext) {
  DiskRig m;
  m.iss.set_irq(1, 3, true);  // context 1 is free
  m.gpr(r::a0) = kEntry + 0x100;
  m.place(0x1000, {tfork(r::v0, r::a0, r::zero)});
  m.iss.step(m.ctx(0));
  ASSERT_EQ(m.gpr(r::v0), 2u);
  EXPECT_TRUE(m.cause(1) & (1u << 11));
}

TEST(IssEvents, RunInCycleOrderThenInTheOrderScheduled) {
  DiskRig m;
  std::string order;
  m.iss.schedule_event(50, [&] { order += 'b'; });
  m.iss.schedule_event(20, [&] { order += 'a'; });
  m.iss.schedule_event(50, [&] { order += 'c'; });
  m.iss.schedule_event(50, [&] { m.iss.schedule_event(50, [&] { order += 'd'; }); });
  EXPECT_EQ(m.iss.next_wake_cycle(), 20u);
  m.clock_to(19);
  EXPECT_EQ(order, "");
  m.clock_to(20);
  EXPECT_EQ(order, "a");
  m.clock_to(50);
  EXPECT_EQ(order, "abcd");
  EXPECT_FALSE(m.iss.event_pending());
}

// ---- a guest that waits for the disk ----

// Context 0 reads sectors 3..4 into kBuf, sleeps in WAIT with only IM2 unmasked, then records
// the cycle it woke in $t0 (Count starts at 0), STATUS in $s2 before and $s3 after acknowledging,
// the buffer's first word in $s4, and sleeps for good (nothing can wake it: a deadlock).
// $t9 = the cycle before its CMD store.
W wait_for_disk_program() {
  return {lui(r::a0, 0xbf00), ori(r::a0, r::a0, 0x2000),
          addiu(r::t1, r::zero, 3), sw(r::t1, KASANE_BLK_SECTOR, r::a0),
          addiu(r::t1, r::zero, 2), sw(r::t1, KASANE_BLK_COUNT, r::a0),
          lui(r::t1, kBuf >> 16), sw(r::t1, KASANE_BLK_DMA, r::a0),
          ori(r::t2, r::zero, kIP2), mtc0(r::t2, cp0::kStatus),
          addiu(r::t1, r::zero, KASANE_BLK_CMD_READ), mfc0(r::t9, cp0::kCount),
          sw(r::t1, KASANE_BLK_CMD, r::a0),
          wait(),
          mfc0(r::t0, cp0::kCount), lw(r::s2, KASANE_BLK_STATUS, r::a0),
          addiu(r::t1, r::zero, kDone), sw(r::t1, KASANE_BLK_STATUS, r::a0),
          lw(r::s3, KASANE_BLK_STATUS, r::a0),
          lui(r::a1, 0x8000 | (kBuf >> 16)), lw(r::s4, 0, r::a1),
          mtc0(r::zero, cp0::kStatus), wait()};
}

struct WaitOutcome {
  uint32_t issue_cycle, woke, status, acked, word;
  uint64_t end_cycle, instret;
  bool deadlocked;
};

WaitOutcome run_wait_for_disk(const std::string& image, bool idle_skip) {
  DiskRig m;
  m.dev.attach(image);
  m.iss.set_idle_skip(idle_skip);
  m.place(0x1000, wait_for_disk_program());
  const uint64_t issue = 12;  // the CMD store is the 13th instruction
  const uint64_t done = issue + kLatency + transfer(2);
  m.iss.run(issue + 500);
  // Waiting for the disk is no deadlock: the request will raise the line.
  EXPECT_FALSE(m.iss.deadlocked());
  EXPECT_EQ(m.ctx(0).state, ContextState::kWaiting);
  EXPECT_EQ(m.iss.next_wake_cycle(), done);
  m.iss.run(1000000);
  EXPECT_TRUE(m.iss.deadlocked()) << "after the request, nothing can wake it";
  EXPECT_EQ(m.gpr(r::t0), done) << "woken in the completion cycle";
  return {m.gpr(r::t9) + 1, m.gpr(r::t0), m.gpr(r::s2), m.gpr(r::s3), m.gpr(r::s4),
          m.iss.cycle(), m.ctx(0).instret, m.iss.deadlocked()};
}

TEST(BlockDevGuest, WaitSleepsUntilTheRequestEndsAndIdleSkipLandsOnThatCycle) {
  TempDir dir;
  const std::string image = make_image(dir, 16);
  const WaitOutcome skip = run_wait_for_disk(image, true), tick = run_wait_for_disk(image, false);
  EXPECT_EQ(skip.issue_cycle, 12u);
  EXPECT_EQ(skip.woke, 12 + kLatency + transfer(2));
  EXPECT_EQ(skip.status, kDone);
  EXPECT_EQ(skip.acked, 0u);
  EXPECT_EQ(skip.word, uint32_t{pattern(3, 0)} | pattern(3, 1) << 8 | pattern(3, 2) << 16 |
                           uint32_t{pattern(3, 3)} << 24);
  EXPECT_EQ(skip.woke, tick.woke);
  EXPECT_EQ(skip.end_cycle, tick.end_cycle);
  EXPECT_EQ(skip.instret, tick.instret);
  EXPECT_EQ(skip.word, tick.word);
}

TEST(BlockDevGuest, DmaIntoAMonitoredLineWakesMwaitAndBreaksLlLinks) {
  TempDir dir;
  DiskRig m;
  m.dev.attach(make_image(dir, 4));
  m.gpr(r::a0) = 0x80000000u | (kBuf + 0x1f0);  // in the buffer's last line of sector 0
  m.place(0x1000, {tenc::monitor(r::a0), tenc::mwait(r::v0, r::zero, r::zero)});
  m.iss.run(2);
  ASSERT_EQ(m.ctx(0).state, ContextState::kMwait);
  m.iss.ll_link(m.ctx(1), kBuf + 0x100);  // a word inside the transfer
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1);
  const uint64_t done = 2 + kLatency + transfer(1);
  m.iss.run(done - 2);
  EXPECT_EQ(m.ctx(0).state, ContextState::kMwait);
  EXPECT_TRUE(m.ctx(1).ll_bit);
  m.iss.run(1);
  EXPECT_EQ(m.ctx(0).state, ContextState::kRunning);
  EXPECT_EQ(m.ctx(0).wake_at, done + kLightWake);
  EXPECT_EQ(m.gpr(r::v0), 0u) << "woken by a store";
  EXPECT_FALSE(m.ctx(1).ll_bit) << "the DMA store broke the link";
}

// A loop counting in $s0 whose first word a disk read replaces with a count in $s1.
constexpr uint32_t kLoopPa = 0x2000;
W counting_loop() { return {addiu(r::s0, r::s0, 1), b(-2), nop()}; }
std::string code_image(const TempDir& dir) {
  W sector = {addiu(r::s1, r::s1, 1), b(-2), nop()};
  sector.resize(128, nop());
  write_text(dir.file("code.img"), std::string(reinterpret_cast<const char*>(sector.data()), 512));
  return dir.file("code.img");
}

TEST(BlockDevGuest, DmaOverCodeIsFetchedByTheIss) {
  TempDir dir;
  DiskRig m;
  m.dev.attach(code_image(dir));
  m.place(kLoopPa, counting_loop());
  m.ctx(0).pc = 0x80000000u | kLoopPa;
  m.iss.run(300);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1, kLoopPa);
  m.iss.run(kLatency + transfer(1) + 300);
  const uint32_t s0 = m.gpr(r::s0);
  EXPECT_GT(m.gpr(r::s1), 90u);
  m.iss.run(300);
  EXPECT_EQ(m.gpr(r::s0), s0) << "the old word no longer runs";
}

TEST(BlockDevGuest, DmaOverCodeIsFetchedByThePipeline) {
  TempDir dir;
  DiskRig m;
  m.dev.attach(code_image(dir));
  m.place(kLoopPa, counting_loop());
  m.ctx(0).pc = 0x80000000u | kLoopPa;
  PipelineConfig cfg = base_config();
  cfg.check = true;
  IssCore core(m.iss);
  FakeMem imem(1), dmem(1);
  Pipeline pipe(cfg, core, imem, dmem, kLineBytes);
  uint64_t now = 0;
  auto tick_to = [&](uint64_t end) {  // the clocking of Core::run_pipeline
    for (; now < end; ++now) {
      m.clock_to(now);
      pipe.tick(now);
    }
  };
  tick_to(300);
  m.dev.start(KASANE_BLK_CMD_READ, 0, 1, kLoopPa);
  const uint64_t done = m.iss.next_wake_cycle();
  EXPECT_EQ(done, 299 + kLatency + transfer(1)) << "issued in the last cycle the pipeline ran";
  tick_to(done + 300);
  const uint32_t s0 = m.gpr(r::s0);
  EXPECT_GT(m.gpr(r::s1), 20u);
  tick_to(now + 300);
  EXPECT_EQ(m.gpr(r::s0), s0) << "no stale fetched word issues";
  EXPECT_EQ(pipe.check_failures(), 0u) << pipe.first_check_failure();
}

}  // namespace
}  // namespace kasane::test

// The SystemC library refers to an sc_main; GoogleTest's main runs instead, and the modules here
// are only constructed, never simulated.
int sc_main(int, char**) { return 0; }
