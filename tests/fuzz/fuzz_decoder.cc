// libFuzzer target: the decoder and the disassembler. The input is a sequence of little-endian
// 32-bit words; each is decoded (all rows and real rows only) and disassembled. Neither may
// crash, and they must agree: a word some row matches disassembles to text starting with that
// row's name (and has a real row to execute), a word no row matches disassembles to ".word".
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/decoder.h"
#include "core/disasm.h"

namespace {

[[noreturn]] void fail(uint32_t raw, const char* what, const std::string& text) {
  std::fprintf(stderr, "fuzz_decoder: word 0x%08x: %s (disassembly \"%s\")\n", raw, what,
               text.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  for (size_t off = 0; off + 4 <= size; off += 4) {
    uint32_t raw;
    std::memcpy(&raw, data + off, 4);
    const uint32_t pc = 0x80001000u + static_cast<uint32_t>(off);
    const kasane::InsnInfo* info = kasane::decode(raw);
    const kasane::InsnInfo* exec = kasane::decode_exec(raw);
    const std::string text = kasane::disassemble(raw, pc);
    // A symbolizer must be called for branch and jump targets only, and never break the text.
    const std::string with_sym =
        kasane::disassemble(raw, pc, [](uint32_t a) { return a & 4 ? std::string("sym") : ""; });
    if (info) {
      const size_t n = std::strlen(info->name);
      if (text.compare(0, n, info->name) != 0 || (text.size() > n && text[n] != ' '))
        fail(raw, "decodes but the disassembly does not start with the row's name", text);
      if (!exec) fail(raw, "decodes to a row but to no real row", text);
      if ((raw & exec->mask) != exec->match) fail(raw, "real row does not match the word", text);
      if ((raw & info->mask) != info->match) fail(raw, "row does not match the word", text);
      if (with_sym.compare(0, n, info->name) != 0) fail(raw, "symbolized text differs", with_sym);
    } else {
      if (exec) fail(raw, "decodes to a real row but not to any row", text);
      if (text.rfind(".word ", 0) != 0) fail(raw, "does not decode but is not .word", text);
    }
  }
  return 0;
}
