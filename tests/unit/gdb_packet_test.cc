// The GDB stub's packet layer (sim/debug/rsp_packet.h): framing, checksums, acks, the size cap,
// escapes and the hex parsers, including input a hostile client might send.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "debug/rsp_packet.h"

namespace kasane::rsp {
namespace {

std::vector<Event> decode(const std::string& bytes) {
  Decoder d;
  std::vector<Event> out;
  d.feed(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), out);
  return out;
}

TEST(RspPacket, FrameAppendsTheChecksumOfTheBody) {
  EXPECT_EQ(frame("OK"), "$OK#9a");
  EXPECT_EQ(frame(""), "$#00");
}

TEST(RspPacket, FrameEscapesTheFourSpecialBytes) {
  EXPECT_EQ(frame("a#b").substr(0, 5), "$a}\x03" "b");
  const std::vector<Event> e = decode(frame("$#}*"));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(*unescape_binary(e[0].payload), (std::vector<uint8_t>{'$', '#', '}', '*'}));
}

TEST(RspPacket, DecoderYieldsPacketsAcksAndInterrupts) {
  const std::vector<Event> e = decode("+$g#67-\x03$m0,4#fd");
  ASSERT_EQ(e.size(), 5u);
  EXPECT_EQ(e[0].kind, Event::Kind::kAck);
  EXPECT_EQ(e[1].kind, Event::Kind::kPacket);
  EXPECT_EQ(e[1].payload, "g");
  EXPECT_EQ(e[2].kind, Event::Kind::kNack);
  EXPECT_EQ(e[3].kind, Event::Kind::kInterrupt);
  EXPECT_EQ(e[4].payload, "m0,4");
}

TEST(RspPacket, DecoderRejectsABadChecksumOrDigit) {
  std::vector<Event> e = decode("$g#68$g#6z");
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].kind, Event::Kind::kBadPacket);
  EXPECT_EQ(e[1].kind, Event::Kind::kBadPacket);
}

TEST(RspPacket, DecoderDropsAnOversizedPacketAndRecovers) {
  std::string big = "$" + std::string(kMaxPacket + 10, 'a') + "#00" + frame("g");
  std::vector<Event> e = decode(big);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].kind, Event::Kind::kOversized);
  EXPECT_EQ(e[1].kind, Event::Kind::kPacket);
  EXPECT_EQ(e[1].payload, "g");
}

TEST(RspPacket, DecoderAcceptsPacketsSplitAcrossFeeds) {
  Decoder d;
  std::vector<Event> out;
  const std::string s = frame("qSupported");
  for (char c : s) d.feed(reinterpret_cast<const uint8_t*>(&c), 1, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].payload, "qSupported");
}

TEST(RspPacket, DecoderIgnoresNoiseOutsidePackets) {
  std::vector<Event> e = decode("garbage\r\n" + frame("?"));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].payload, "?");
}

TEST(RspPacket, HexParsersRejectMalformedInput) {
  EXPECT_EQ(parse_u32("80001000"), 0x80001000u);
  EXPECT_FALSE(parse_u32(""));
  EXPECT_FALSE(parse_u32("1g"));
  EXPECT_FALSE(parse_u32("100000000"));  // 33 bits
  EXPECT_FALSE(from_hex("abc"));
  EXPECT_FALSE(from_hex("zz"));
  EXPECT_FALSE(unescape_binary("ab}"));
  EXPECT_FALSE(parse_addr_len("80000000"));
  EXPECT_FALSE(parse_addr_len(",4"));
  auto al = parse_addr_len("80000000,40");
  ASSERT_TRUE(al);
  EXPECT_EQ(al->addr, 0x80000000u);
  EXPECT_EQ(al->len, 0x40u);
}

TEST(RspPacket, Le32IsTargetByteOrder) {
  EXPECT_EQ(le32_hex(0x12345678u), "78563412");
  EXPECT_EQ(parse_le32_hex("78563412"), 0x12345678u);
  EXPECT_FALSE(parse_le32_hex("785634"));
}

}  // namespace
}  // namespace kasane::rsp
