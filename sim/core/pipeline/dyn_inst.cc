// Register dependences of an instruction, from the roles its table row lists.
#include "core/pipeline/dyn_inst.h"

namespace kasane {

namespace {
uint8_t fp_pair(uint32_t f) { return static_cast<uint8_t>(kRegFpPair0 + (f >> 1)); }

uint8_t field_reg(const DynInst& d, uint16_t role) {
  Insn i{d.raw};
  switch (role) {
    case kR_rs: return static_cast<uint8_t>(d.info->format == Format::T ? i.t_rs() : i.rs());
    case kR_rt: return static_cast<uint8_t>(i.rt());
    case kR_rd: return static_cast<uint8_t>(i.rd());
    case kR_hi: return kRegHi;
    case kR_lo: return kRegLo;
    case kR_ra: return 31;
    case kR_fs: return fp_pair(i.fs());
    case kR_ft: return fp_pair(i.ft());
    case kR_fd: return fp_pair(i.fd());
    case kR_fr: return fp_pair(i.fr());
    case kR_fcc: return kRegFcc;
  }
  return 0;
}
}  // namespace

void set_dependences(DynInst& d) {
  d.nsrc = d.ndst = 0;
  if (!d.info) return;
  for (uint16_t role = 1; role <= kR_fcc; role <<= 1) {
    if (d.info->reads & role) {
      uint8_t r = field_reg(d, role);
      if (r != 0 && d.nsrc < 4) d.src[d.nsrc++] = r;  // $zero never waits
    }
    if (d.info->writes & role) {
      uint8_t r = field_reg(d, role);
      if (r != 0 && d.ndst < 2) d.dst[d.ndst++] = r;
    }
  }
}

}  // namespace kasane
