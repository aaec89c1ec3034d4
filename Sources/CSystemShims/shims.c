#define _GNU_SOURCE
#include "CSystemShims.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

void shim_keep_allocations_in_heap(size_t bytes) {
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, (int)bytes);
    mallopt(M_TRIM_THRESHOLD, (int)(2 * bytes));
#else
    (void)bytes;
#endif
}

void shim_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

#ifdef __linux__
#include <sys/epoll.h>
#include <sys/eventfd.h>

int shim_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int shim_epoll_ctl(int epfd, int op, int fd, uint32_t events) {
    struct epoll_event ev;
    memset(&ev, 0, sizeof ev);
    ev.events = events;
    ev.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &ev);
}

int shim_epoll_add(int epfd, int fd, uint32_t events) { return shim_epoll_ctl(epfd, EPOLL_CTL_ADD, fd, events); }
int shim_epoll_modify(int epfd, int fd, uint32_t events) { return shim_epoll_ctl(epfd, EPOLL_CTL_MOD, fd, events); }
int shim_epoll_delete(int epfd, int fd) { return shim_epoll_ctl(epfd, EPOLL_CTL_DEL, fd, 0); }

int shim_epoll_wait(int epfd, shim_event *out, int capacity, int timeout_ms) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int n = epoll_wait(epfd, events, capacity, timeout_ms);
    for (int i = 0; i < n; i++) {
        out[i].fd = events[i].data.fd;
        out[i].events = events[i].events;
    }
    return n;
}

int shim_eventfd_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int shim_eventfd_signal(int fd) {
    uint64_t one = 1;
    ssize_t n;
    do {
        n = write(fd, &one, sizeof one);
    } while (n < 0 && errno == EINTR);
    return n == (ssize_t)sizeof one ? 0 : -1;  // EAGAIN: the counter is full, a wake-up is pending anyway
}

uint64_t shim_eventfd_drain(int fd) {
    uint64_t count = 0;
    return read(fd, &count, sizeof count) == (ssize_t)sizeof count ? count : 0;
}

int shim_accept_nonblocking(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

uint32_t shim_epollin(void) { return EPOLLIN; }
uint32_t shim_epollout(void) { return EPOLLOUT; }
uint32_t shim_epollet(void) { return EPOLLET; }
uint32_t shim_epollrdhup(void) { return EPOLLRDHUP; }
uint32_t shim_epollhup(void) { return EPOLLHUP; }
uint32_t shim_epollerr(void) { return EPOLLERR; }
#endif

const void *shim_memmem(const void *haystack, size_t haystack_len, const void *needle, size_t needle_len) {
    return memmem(haystack, haystack_len, needle, needle_len);
}

static int signal_pipe[2] = {-1, -1};
static pthread_mutex_t signal_pipe_lock = PTHREAD_MUTEX_INITIALIZER;

static void shim_signal_to_pipe(int signo) {
    int saved = errno;  // write(2) may change it; the interrupted code must not see that
    unsigned char byte = (unsigned char)signo;
    ssize_t ignored = write(signal_pipe[1], &byte, 1);  // full pipe: the signal is already pending
    (void)ignored;
    errno = saved;
}

int shim_route_signal_to_pipe(int signo) {
    pthread_mutex_lock(&signal_pipe_lock);
    if (signal_pipe[0] < 0) {
        int fds[2];
        if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) {
            pthread_mutex_unlock(&signal_pipe_lock);
            return -1;
        }
        signal_pipe[0] = fds[0];
        signal_pipe[1] = fds[1];
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = shim_signal_to_pipe;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    int result = sigaction(signo, &action, NULL) == 0 ? signal_pipe[0] : -1;
    pthread_mutex_unlock(&signal_pipe_lock);
    return result;
}

void shim_unblock_signal(int signo) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int shim_affinity_cpu_count(void) {
#ifdef __linux__
    // A mask of CPU_SETSIZE CPUs first; a kernel configured for more CPUs refuses it with
    // EINVAL, so the mask grows until it holds the kernel's.
    for (int cpus = CPU_SETSIZE; cpus <= (1 << 20); cpus *= 2) {
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (set == NULL) return -1;
        size_t size = CPU_ALLOC_SIZE(cpus);
        CPU_ZERO_S(size, set);
        if (sched_getaffinity(0, size, set) == 0) {
            int count = CPU_COUNT_S(size, set);
            CPU_FREE(set);
            return count;
        }
        int failure = errno;
        CPU_FREE(set);
        if (failure != EINVAL) return -1;
    }
    return -1;
#else
    return -1;
#endif
}
