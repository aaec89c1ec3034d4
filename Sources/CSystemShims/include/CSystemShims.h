// Linux system calls that Swift's Glibc module does not expose (epoll, accept4, memmem),
// wrapped so that Swift sees plain functions and plain structs.
#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __linux__
#include <sys/epoll.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// One readiness event, unpacked from the (packed on x86_64) `struct epoll_event`.
typedef struct {
    int32_t fd;
    uint32_t events;
} shim_event;

/// `epoll_create1(EPOLL_CLOEXEC)`; -1 and errno on failure.
int shim_epoll_create(void);
/// Adds, modifies or deletes `fd` in `epfd` with `events` (EPOLLIN, EPOLLOUT, EPOLLET…).
int shim_epoll_add(int epfd, int fd, uint32_t events);
int shim_epoll_modify(int epfd, int fd, uint32_t events);
int shim_epoll_delete(int epfd, int fd);
/// Waits up to `timeout_ms` (0: poll) and writes at most `capacity` events to `out`.
int shim_epoll_wait(int epfd, shim_event *out, int capacity, int timeout_ms);

/// `eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)`: an event loop's doorbell; -1 and errno on failure.
int shim_eventfd_create(void);
/// Adds 1 to the eventfd's counter (wakes an `epoll_wait` that watches it); 0, or -1 and errno.
int shim_eventfd_signal(int fd);
/// Reads (and so resets) the eventfd's counter; 0 when it was already 0.
uint64_t shim_eventfd_drain(int fd);

/// `accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)`.
int shim_accept_nonblocking(int fd);

/// `memmem`, for finding the end of a header block in a receive buffer.
const void *shim_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len);

/// Keeps allocations up to `bytes` in the malloc heap instead of fresh mmaps (glibc's
/// M_MMAP_THRESHOLD, and M_TRIM_THRESHOLD at twice that), so that per-request buffers of
/// that size are reused memory rather than new pages to fault in and zero on every request.
void shim_keep_allocations_in_heap(size_t bytes);

/// Returns the allocator's free memory to the kernel (glibc's `malloc_trim(0)`: the top of
/// every arena, and the free pages inside them with `MADV_DONTNEED`); nothing elsewhere.
void shim_release_free_memory(void);

/// Routes `signo` to a pipe (the self-pipe trick): a handler, installed with sigaction on the
/// first call, writes the signal's number to the pipe whichever thread the kernel picks, so no
/// thread's signal mask matters. Returns the pipe's non-blocking read end (the same one on
/// every call; it is shared by every routed signal), or -1 with errno.
int shim_route_signal_to_pipe(int signo);

/// Unblocks `signo` in the calling thread (threads of libdispatch block every signal).
void shim_unblock_signal(int signo);

/// How many CPUs the calling thread may run on: the CPUs of its affinity mask
/// (`sched_getaffinity`, as `taskset` or a pinned container sets it); -1 when the mask cannot
/// be read.
int shim_affinity_cpu_count(void);

uint32_t shim_epollin(void);
uint32_t shim_epollout(void);
uint32_t shim_epollet(void);
uint32_t shim_epollrdhup(void);
uint32_t shim_epollhup(void);
uint32_t shim_epollerr(void);

#ifdef __cplusplus
}
#endif

#endif
