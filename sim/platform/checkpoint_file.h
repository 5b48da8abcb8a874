// The checkpoint file (--checkpoint-at, --restore): a fixed header, then the machine's state as
// one CBOR document (nlohmann::json's binary form) compressed with zlib.
//
//   offset  size  field
//        0     8  magic "KASANECK"
//        8     4  format version (kCheckpointVersion), little-endian
//       12     4  CRC-32 of the compressed body
//       16     8  size of the CBOR document before compression
//       24     8  size of the compressed body that follows
//       32     -  the body
//
// Why CBOR in zlib rather than a home-made layout: the state is a tree of named fields (contexts,
// devices, regions, the config), which JSON already names and checks field by field, and CBOR
// keeps RAM pages as byte strings without base64; zlib makes the zero-filled stretches of a
// guest's pages nearly free. Both libraries are Debian's (nlohmann-json3-dev, zlib1g-dev). The
// header's sizes and CRC turn a truncated or damaged file into a message before any parsing.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace kasane {

// Raised whenever a checkpoint cannot be read or written: `status` is kasane-sim's exit status
// for it (exit_status.h: 65 malformed, 66 unreadable or unwritable, 78 wrong machine config).
struct CheckpointError : std::runtime_error {
  CheckpointError(int status, const std::string& what) : runtime_error(what), status(status) {}
  int status;
};

// Version 1: the first format. A reader refuses any other version, naming both.
constexpr uint32_t kCheckpointVersion = 1;
constexpr size_t kCheckpointHeaderBytes = 32;

// --checkpoint-at's point: "roi" (nullopt: the first region-of-interest begin) or a cycle in
// decimal; throws std::invalid_argument saying what is allowed.
std::optional<uint64_t> parse_checkpoint_at(const std::string& at);

// The bytes of a checkpoint file holding `state`.
std::string encode_checkpoint(const nlohmann::json& state);
// The state in the checkpoint file `path`; throws CheckpointError naming the path and what is
// wrong (missing, truncated, corrupt, another version).
nlohmann::json read_checkpoint(const std::string& path);

// j as a T, refusing (std::out_of_range) a value that T cannot hold exactly: nlohmann's own
// get<uint32_t>() would wrap 2^32 to 0, -1 to 0xffffffff and 1.5 to 1, so a file edited by hand
// could restore a register with a value nobody wrote. Converting back and comparing catches
// every such case, for scalars and for arrays of them alike.
template <typename T>
T checked(const nlohmann::json& j) {
  T v = j.get<T>();
  if (nlohmann::json(v) != j)
    throw std::out_of_range("the value " + j.dump().substr(0, 40) + " does not fit its field");
  return v;
}

}  // namespace kasane
