// See gdb_target.h.
#include "debug/gdb_target.h"

#include <cstring>

#include "core/fpu.h"
#include "debug/rsp_packet.h"

namespace kasane::gdb {

namespace {

constexpr uint32_t kKseg0 = 0x80000000u, kKseg2 = 0xc0000000u;
// The kernel's page tables (os/param.h, os/mips.h): a directory of 1024 kseg0 pointers to
// tables of 1024 PTEs, PFN from bit 6, valid bit 1.
constexpr unsigned kPdxShift = 22, kPfnShift = 6;
constexpr uint32_t kPteValid = 2;

std::string build_xml() {
  std::string x =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target>\n"
      "<architecture>mips:isa32</architecture>\n<feature name=\"org.gnu.gdb.mips.cpu\">\n";
  for (unsigned r = 0; r < 32; ++r)
    x += "<reg name=\"r" + std::to_string(r) + "\" bitsize=\"32\" regnum=\"" + std::to_string(r) +
         "\"/>\n";
  x += "<reg name=\"lo\" bitsize=\"32\" regnum=\"33\"/>\n"
       "<reg name=\"hi\" bitsize=\"32\" regnum=\"34\"/>\n"
       "<reg name=\"pc\" bitsize=\"32\" regnum=\"37\"/>\n</feature>\n"
       "<feature name=\"org.gnu.gdb.mips.cp0\">\n"
       "<reg name=\"status\" bitsize=\"32\" regnum=\"32\"/>\n"
       "<reg name=\"badvaddr\" bitsize=\"32\" regnum=\"35\"/>\n"
       "<reg name=\"cause\" bitsize=\"32\" regnum=\"36\"/>\n</feature>\n"
       "<feature name=\"org.gnu.gdb.mips.fpu\">\n";
  for (unsigned r = 0; r < 32; ++r)
    x += "<reg name=\"f" + std::to_string(r) + "\" bitsize=\"32\" type=\"ieee_single\" regnum=\"" +
         std::to_string(kRegF0 + r) + "\"/>\n";
  x += "<reg name=\"fcsr\" bitsize=\"32\" group=\"float\" regnum=\"70\"/>\n"
       "<reg name=\"fir\" bitsize=\"32\" group=\"float\" regnum=\"71\"/>\n</feature>\n</target>\n";
  return x;
}

}  // namespace

const std::string& target_xml() {
  static const std::string xml = build_xml();
  return xml;
}

std::optional<uint32_t> read_reg(const Context& c, unsigned n) {
  if (n < 32) return c.gpr[n];
  if (n >= kRegF0 && n < kRegF0 + 32) return c.fpr[n - kRegF0];
  switch (n) {
    case kRegSr: return c.cp0.status;
    case kRegLo: return c.lo;
    case kRegHi: return c.hi;
    case kRegBad: return c.cp0.badvaddr;
    case kRegCause: return c.cp0.cause;
    case kRegPc: return c.pc;
    case kRegFcsr: return c.fcsr;
    case kRegFir: return fpu::kFir;
    default: return std::nullopt;
  }
}

bool write_reg(Context& c, unsigned n, uint32_t v) {
  if (n < 32) {
    if (n) c.gpr[n] = v;
    return true;
  }
  if (n >= kRegF0 && n < kRegF0 + 32) {
    c.fpr[n - kRegF0] = v;
    return true;
  }
  switch (n) {
    case kRegSr: c.cp0.status = v; break;
    case kRegLo: c.lo = v; break;
    case kRegHi: c.hi = v; break;
    case kRegBad: c.cp0.badvaddr = v; break;
    case kRegCause: c.cp0.cause = v; break;
    case kRegPc: c.pc = v; break;
    case kRegFcsr: c.fcsr = v; break;
    case kRegFir: break;
    default: return false;
  }
  // Status and Cause decide whether an interrupt is due; the mode decides translations.
  c.check_irq = true;
  c.flush_utlb();
  return true;
}

std::string encode_regs(const Context& c) {
  std::string s;
  s.reserve(kNumRegs * 8);
  for (unsigned n = 0; n < kNumRegs; ++n) s += rsp::le32_hex(*read_reg(c, n));
  return s;
}

bool decode_regs(Context& c, const std::string& hex) {
  if (hex.size() != kNumRegs * 8) return false;
  uint32_t v[kNumRegs];
  for (unsigned n = 0; n < kNumRegs; ++n) {
    auto r = rsp::parse_le32_hex(std::string_view(hex).substr(n * 8, 8));
    if (!r) return false;
    v[n] = *r;
  }
  for (unsigned n = 0; n < kNumRegs; ++n) write_reg(c, n, v[n]);
  return true;
}

std::optional<uint32_t> MemoryView::read_phys32(uint32_t pa) {
  if (pa & 3) return std::nullopt;
  uint8_t* page = mem_.ram_page(pa >> 12);
  if (!page) return std::nullopt;
  uint32_t v;
  std::memcpy(&v, page + (pa & 0xfffu), 4);
  return v;
}

bool MemoryView::translate(const Context& c, uint32_t va, uint32_t& pa) {
  if (va >= kKseg0 && va < kKseg2) {
    pa = va & 0x1fffffffu;
    return true;
  }
  if (va < kKseg0 && (c.cp0.status & cp0::kStatusERL)) {
    pa = va;
    return true;
  }
  const uint8_t asid = c.cp0.entryhi & cp0::kEntryHiASIDMask;
  if (iss_.tlb().lookup(va, asid, false, pa) == Tlb::Result::kHit) return true;
  if (va >= kKseg0 || !pgdir_var_ || *pgdir_var_ < kKseg0 || *pgdir_var_ >= kKseg2) return false;
  // The walk of os/trapasm.S's refill handler, through kseg0 pointers; cur_pgdir is an array
  // by CPU number (os/vm.c), so this context's entry.
  auto dir = read_phys32((*pgdir_var_ + 4 * c.cpunum) & 0x1fffffffu);
  if (!dir || *dir < kKseg0 || *dir >= kKseg2) return false;
  auto table = read_phys32((*dir & 0x1fffffffu) + (va >> kPdxShift) * 4);
  if (!table || *table < kKseg0 || *table >= kKseg2) return false;
  auto pte = read_phys32((*table & 0x1fffffffu) + ((va >> 12) & 1023) * 4);
  if (!pte || !(*pte & kPteValid)) return false;
  pa = ((*pte >> kPfnShift) << 12) | (va & 0xfffu);
  return true;
}

uint8_t* MemoryView::host(const Context& c, uint32_t va, uint32_t* pa_out) {
  uint32_t pa;
  if (!translate(c, va, pa)) return nullptr;
  uint8_t* page = mem_.ram_page(pa >> 12);
  if (!page) return nullptr;
  if (pa_out) *pa_out = pa;
  return page + (pa & 0xfffu);
}

size_t MemoryView::read(const Context& c, uint32_t va, uint8_t* out, size_t len) {
  size_t done = 0;
  while (done < len) {
    const uint32_t a = va + static_cast<uint32_t>(done);
    if (done && a == 0) break;  // wrapped around the address space
    uint8_t* p = host(c, a);
    if (!p) break;
    const size_t chunk = std::min<size_t>(len - done, 4096 - (a & 0xfffu));
    std::memcpy(out + done, p, chunk);
    done += chunk;
  }
  return done;
}

bool MemoryView::write(const Context& c, uint32_t va, const uint8_t* data, size_t len) {
  // Check every page first, so a failed write changes nothing.
  for (size_t done = 0; done < len;) {
    const uint32_t a = va + static_cast<uint32_t>(done);
    if ((done && a == 0) || !host(c, a)) return false;
    done += std::min<size_t>(len - done, 4096 - (a & 0xfffu));
  }
  for (size_t done = 0; done < len;) {
    const uint32_t a = va + static_cast<uint32_t>(done);
    uint32_t pa = 0;
    uint8_t* p = host(c, a, &pa);
    const size_t chunk = std::min<size_t>(len - done, 4096 - (a & 0xfffu));
    std::memcpy(p, data + done, chunk);
    iss_.external_store(pa, static_cast<uint32_t>(chunk));  // LL links and monitors see it
    done += chunk;
  }
  return true;
}

}  // namespace kasane::gdb
