// See checkpoint_file.h. Every check a reader makes names the file and what it found, since a
// checkpoint that cannot be restored is an input error, not a crash.
#include "platform/checkpoint_file.h"

#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "platform/exit_status.h"
#include "platform/input_file.h"

namespace kasane {

namespace {

constexpr char kMagic[8] = {'K', 'A', 'S', 'A', 'N', 'E', 'C', 'K'};

void put_le(std::string& out, uint64_t v, unsigned bytes) {
  for (unsigned i = 0; i < bytes; ++i) out.push_back(static_cast<char>(v >> (8 * i)));
}

uint64_t get_le(const std::string& in, size_t at, unsigned bytes) {
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; ++i)
    v |= uint64_t{static_cast<unsigned char>(in[at + i])} << (8 * i);
  return v;
}

uint32_t crc_of(const char* data, size_t n) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (n) {  // crc32 takes a uInt length
    const uInt chunk = static_cast<uInt>(std::min<size_t>(n, 1u << 30));
    crc = crc32(crc, reinterpret_cast<const Bytef*>(data), chunk);
    data += chunk;
    n -= chunk;
  }
  return static_cast<uint32_t>(crc);
}

}  // namespace

std::optional<uint64_t> parse_checkpoint_at(const std::string& at) {
  if (at == "roi") return std::nullopt;
  if (!at.empty() && at.size() <= 19 && at.find_first_not_of("0123456789") == std::string::npos)
    return std::stoull(at);  // 19 digits always fit
  throw std::invalid_argument("'" + at + "' is neither roi nor a cycle (decimal)");
}

std::string encode_checkpoint(const nlohmann::json& state) {
  const std::vector<uint8_t> cbor = nlohmann::json::to_cbor(state);
  uLongf packed_size = compressBound(cbor.size());
  std::string body(packed_size, '\0');
  // Level 1: the pages are mostly zeros or code, which the fastest level already shrinks well.
  if (compress2(reinterpret_cast<Bytef*>(body.data()), &packed_size, cbor.data(), cbor.size(),
                1) != Z_OK)
    throw std::runtime_error("zlib could not compress the checkpoint");
  body.resize(packed_size);
  std::string out(kMagic, sizeof kMagic);
  put_le(out, kCheckpointVersion, 4);
  put_le(out, crc_of(body.data(), body.size()), 4);
  put_le(out, cbor.size(), 8);
  put_le(out, body.size(), 8);
  return out + body;
}

nlohmann::json read_checkpoint(const std::string& path) {
  const std::string where = "--restore '" + path + "': ";
  if (std::string p = input_problem(path, UINT64_MAX); !p.empty())
    throw CheckpointError(exit_status::kNoInput, where + p);
  std::ifstream f(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (!f.good() && !f.eof())
    throw CheckpointError(exit_status::kNoInput, where + "cannot read it");
  auto bad = [&](const std::string& what) {
    return CheckpointError(exit_status::kBadInput, where + what);
  };
  if (bytes.size() < kCheckpointHeaderBytes || std::memcmp(bytes.data(), kMagic, 8) != 0)
    throw bad("not a kasane-sim checkpoint (no KASANECK header)");
  const uint64_t version = get_le(bytes, 8, 4);
  if (version != kCheckpointVersion)
    throw bad("checkpoint format version " + std::to_string(version) + ", but this kasane-sim " +
              "reads version " + std::to_string(kCheckpointVersion));
  const uint64_t raw_size = get_le(bytes, 16, 8), body_size = get_le(bytes, 24, 8);
  if (bytes.size() - kCheckpointHeaderBytes != body_size)
    throw bad("truncated or padded: the header says " + std::to_string(body_size) +
              " bytes of body, the file has " +
              std::to_string(bytes.size() - kCheckpointHeaderBytes));
  const char* body = bytes.data() + kCheckpointHeaderBytes;
  if (crc_of(body, body_size) != get_le(bytes, 12, 4))
    throw bad("corrupt: the CRC-32 of its body does not match its header");
  // The CRC held, so the sizes are the writer's; still, no allocation beyond what zlib can fill.
  if (raw_size > (uint64_t{1} << 40) || raw_size / 1032 > body_size)
    throw bad("corrupt: an implausible uncompressed size of " + std::to_string(raw_size));
  std::vector<uint8_t> cbor(raw_size);
  uLongf got = raw_size;
  if (uncompress(cbor.data(), &got, reinterpret_cast<const Bytef*>(body), body_size) != Z_OK ||
      got != raw_size)
    throw bad("corrupt: its body does not decompress to the size its header gives");
  nlohmann::json state;
  try {
    state = nlohmann::json::from_cbor(cbor);
  } catch (const nlohmann::json::exception& e) {
    throw bad(std::string("corrupt: ") + e.what());
  }
  if (!state.is_object() || state["format"] != "kasane-sim checkpoint" ||
      !state["cycle"].is_number_unsigned())
    throw bad("corrupt: its body is not a kasane-sim machine state");
  return state;
}

}  // namespace kasane
