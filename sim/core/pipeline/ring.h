// A fixed-capacity ring in program order, index 0 the oldest: each context's window of in-flight
// instructions in the pipeline (dyn_inst.h) and in the out-of-order core (o3/o3_inst.h), and the
// out-of-order core's load and store queues. The slots never move, so a reference to an element
// stays valid until it leaves the ring.
#pragma once

#include <cstddef>
#include <vector>

namespace kasane {

template <typename T>
class Ring {
 public:
  // Holds at least `capacity` elements (rounded up to a power of two for cheap indexing).
  explicit Ring(size_t capacity = 64) : buf_(round_up(capacity)), mask_(buf_.size() - 1) {}
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ > mask_; }  // buf_.size() would divide by sizeof(T)
  T& operator[](size_t i) { return buf_[(head_ + i) & mask_]; }
  const T& operator[](size_t i) const { return buf_[(head_ + i) & mask_]; }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  // The new slot as its last element left it, for a caller that sets every field a reader of
  // the element uses before writing it (fetch: a full clear cost 16 host instructions a fetch).
  T& push_back_uncleared() {
    T& t = buf_[(head_ + size_) & mask_];
    ++size_;
    return t;
  }
  void pop_front() {
    head_ = (head_ + 1) & mask_;
    --size_;
  }
  // Drop every element from index `i` on (the youngest ones).
  void truncate(size_t i) { size_ = i; }

 private:
  static size_t round_up(size_t n) {
    size_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }
  std::vector<T> buf_;
  size_t mask_;
  size_t head_ = 0, size_ = 0;
};

}  // namespace kasane
