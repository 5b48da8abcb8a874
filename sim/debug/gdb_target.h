// What GDB sees of a hardware context: its registers in the numbering of GDB's MIPS target (the
// target description XML says which is which) and its memory through the context's own address
// translation. No side effects on the machine beyond the writes GDB asks for: reads never fill a
// TLB, touch a device or raise an exception.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/iss.h"

namespace kasane::gdb {

// GDB's MIPS register numbers: r0..r31, then sr, lo, hi, bad, cause, pc, f0..f31, fcsr, fir.
constexpr unsigned kRegSr = 32, kRegLo = 33, kRegHi = 34, kRegBad = 35, kRegCause = 36,
                   kRegPc = 37, kRegF0 = 38, kRegFcsr = 70, kRegFir = 71, kNumRegs = 72;

// The target description: MIPS32 with GDB's org.gnu.gdb.mips.cpu, .cp0 and .fpu features.
const std::string& target_xml();

// Register `n` of context `c`; nullopt for a number GDB's MIPS target does not have.
std::optional<uint32_t> read_reg(const Context& c, unsigned n);
// Writes register `n`; false for an unknown number. r0 and fir ignore writes, as the hardware.
bool write_reg(Context& c, unsigned n, uint32_t v);
// The 'g' packet: every register, 8 hex digits each in target byte order.
std::string encode_regs(const Context& c);
// The 'G' packet; false (nothing written) if it is not exactly kNumRegs registers of hex.
bool decode_regs(Context& c, const std::string& hex);

// Memory as context `c` of core `iss` sees it, with a debugger's rights: kseg0/kseg1 and the
// TLB as the ISS translates (kernel segments readable even when the context is in user mode),
// and for a user address the TLB does not hold, the page table the kernel's refill handler walks
// (`pgdir_var`: the kernel's variable holding the current page directory, if it has one).
class MemoryView {
 public:
  MemoryView(Iss& iss, PhysMemory& mem, std::optional<uint32_t> pgdir_var)
      : iss_(iss), mem_(mem), pgdir_var_(pgdir_var) {}
  // RAM backing virtual address `va`, or nullptr (unmapped, or a device: never touched).
  uint8_t* host(const Context& c, uint32_t va, uint32_t* pa = nullptr);
  // Reads up to `len` bytes from `va`; returns how many were readable from the start.
  size_t read(const Context& c, uint32_t va, uint8_t* out, size_t len);
  // Writes all `len` bytes or nothing; false if any byte is not writable RAM.
  bool write(const Context& c, uint32_t va, const uint8_t* data, size_t len);

 private:
  bool translate(const Context& c, uint32_t va, uint32_t& pa);
  std::optional<uint32_t> read_phys32(uint32_t pa);

  Iss& iss_;
  PhysMemory& mem_;
  std::optional<uint32_t> pgdir_var_;
};

}  // namespace kasane::gdb
