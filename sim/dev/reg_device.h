// Base of the memory-mapped devices: a TLM-2.0 target of 32-bit registers. It turns a blocking
// transport into read()/write() calls and rejects what a register file cannot take (wider or
// unaligned accesses, offsets past the end), so each device only says what its registers do.
#pragma once

#include <cstdint>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

namespace kasane {

class RegDevice : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<RegDevice> socket;

  RegDevice(sc_core::sc_module_name name, uint32_t size);

 protected:
  // `when` is the local time of the access (SystemC time plus the initiator's annotated delay).
  // Return false for an offset with no register: the access becomes a bus error.
  virtual bool read(uint32_t offset, uint32_t& value, const sc_core::sc_time& when) = 0;
  virtual bool write(uint32_t offset, uint32_t value, const sc_core::sc_time& when) = 0;

 private:
  void b_transport(tlm::tlm_generic_payload& tx, sc_core::sc_time& delay);
  uint32_t size_;
};

}  // namespace kasane
