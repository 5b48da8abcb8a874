// The one place every store in the machine is made visible: a store by any context of any core,
// or a device's DMA, breaks the LL links to the words it writes and hits the monitored lines it
// touches on every core. (Fetch needs no notice: the ISS decodes through a cache keyed by the
// instruction word itself, so self-modifying code is seen at once by every core.)
#pragma once

#include <cstdint>
#include <vector>

namespace kasane {

class Iss;

class StoreObserver {
 public:
  void attach(Iss& core) { cores_.push_back(&core); }
  // A store to [pa, pa + bytes): every attached core checks its contexts (Iss::snoop_store).
  void store(uint32_t pa, uint64_t bytes);
  // LL links and armed monitors over every attached core: stores look only when non-zero.
  unsigned watchers = 0;

 private:
  std::vector<Iss*> cores_;
};

}  // namespace kasane
