// The platform bus: a TLM-2.0 router from the cores to RAM and the devices, by physical address.
// It forwards blocking transport and DMI requests, rebasing addresses to each target's offset.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/multi_passthrough_target_socket.h>

namespace kasane {

class Bus : public sc_core::sc_module {
 public:
  tlm_utils::multi_passthrough_target_socket<Bus> from_cores;
  tlm_utils::multi_passthrough_initiator_socket<Bus> to_targets;

  explicit Bus(sc_core::sc_module_name name);

  // Map target `port` (binding order) at [base, base + size); the target sees the address as
  // offset + (addr - base). A target may be mapped more than once (RAM around a hole).
  void map(const std::string& name, unsigned port, uint64_t base, uint64_t size,
           uint64_t offset = 0);

 private:
  struct Range {
    std::string name;
    uint64_t base, size, offset;
    unsigned port;
  };
  const Range* find(uint64_t addr) const;
  void b_transport(int id, tlm::tlm_generic_payload& tx, sc_core::sc_time& delay);
  bool get_direct_mem_ptr(int id, tlm::tlm_generic_payload& tx, tlm::tlm_dmi& dmi);
  unsigned transport_dbg(int id, tlm::tlm_generic_payload& tx);

  std::vector<Range> ranges_;
};

}  // namespace kasane
