// Bus routing: see bus.h. An address no target claims gets TLM_ADDRESS_ERROR_RESPONSE, which the
// core turns into a bus-error exception.
#include "mem/bus.h"

namespace kasane {

Bus::Bus(sc_core::sc_module_name name)
    : sc_module(name), from_cores("from_cores"), to_targets("to_targets") {
  from_cores.register_b_transport(this, &Bus::b_transport);
  from_cores.register_get_direct_mem_ptr(this, &Bus::get_direct_mem_ptr);
  from_cores.register_transport_dbg(this, &Bus::transport_dbg);
}

void Bus::map(const std::string& name, unsigned port, uint64_t base, uint64_t size,
              uint64_t offset) {
  ranges_.push_back(Range{name, base, size, offset, port});
}

const Bus::Range* Bus::find(uint64_t addr) const {
  for (const Range& r : ranges_)
    if (addr >= r.base && addr - r.base < r.size) return &r;
  return nullptr;
}

void Bus::b_transport(int, tlm::tlm_generic_payload& tx, sc_core::sc_time& delay) {
  const Range* r = find(tx.get_address());
  if (!r) {
    tx.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  tx.set_address(tx.get_address() - r->base + r->offset);
  to_targets[r->port]->b_transport(tx, delay);
  tx.set_address(tx.get_address() + r->base - r->offset);
}

bool Bus::get_direct_mem_ptr(int, tlm::tlm_generic_payload& tx, tlm::tlm_dmi& dmi) {
  const Range* r = find(tx.get_address());
  if (!r) return false;
  tx.set_address(tx.get_address() - r->base + r->offset);
  bool ok = to_targets[r->port]->get_direct_mem_ptr(tx, dmi);
  tx.set_address(tx.get_address() + r->base - r->offset);
  dmi.set_start_address(dmi.get_start_address() + r->base - r->offset);
  dmi.set_end_address(dmi.get_end_address() + r->base - r->offset);
  return ok;
}

unsigned Bus::transport_dbg(int, tlm::tlm_generic_payload& tx) {
  const Range* r = find(tx.get_address());
  if (!r) return 0;
  tx.set_address(tx.get_address() - r->base + r->offset);
  unsigned n = to_targets[r->port]->transport_dbg(tx);
  tx.set_address(tx.get_address() + r->base - r->offset);
  return n;
}

}  // namespace kasane
