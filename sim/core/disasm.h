// Disassembly in GNU assembler syntax, driven by the operand string of each table row.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace kasane {

// Optional: turns an address into "symbol+0x10" for branch and jump targets.
using Symbolizer = std::function<std::string(uint32_t)>;

// `pc` is the address of the word (branch targets are relative to it).
std::string disassemble(uint32_t raw, uint32_t pc, const Symbolizer& sym = nullptr);

// ABI name of a general-purpose register, without the '$'.
const char* reg_name(unsigned r);

}  // namespace kasane
