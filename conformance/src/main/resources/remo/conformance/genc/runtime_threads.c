/* ---- remo gen-c runtime: the same for every test (docs/hardware.md) ------------------------------
 * One agent per node: it owns the node's memory (one registered memory region holding a word for
 * each location; the locations homed elsewhere are unused), the queue pairs of the node's threads
 * (active ends) and of the threads that target the node (passive ends), and the node's threads.
 * A coordinator, reached over TCP, exchanges the queue pairs' addresses and drives the iterations:
 * GO (the threads run once), DONE (every thread finished and polled all its requests), COLLECT (the
 * agent sends the values it owns and resets its memory to the initial state). Agents of one process
 * talk to the coordinator over TCP too, so one machine and several machines run the same code. */

/** One word of the control protocol (host byte order: every machine runs the same binary). */
enum ctl { CTL_GO = 1, CTL_DONE, CTL_COLLECT, CTL_VALUES, CTL_STOP };

/** Where one end of a connection (queue pair) is: exchanged through the coordinator. */
struct endpoint {
    int32_t conn;      /* connection index */
    int32_t passive;   /* 0: the posting thread's end, 1: the target node's end */
    uint32_t qpn;
    uint32_t psn;
    uint16_t lid;
    uint8_t gid[16];
};

/** A node's registered memory: what a peer needs to address it. */
struct region {
    uint64_t addr;
    uint32_t rkey;
    uint32_t pad;
};

/** The command line (main). */
struct options {
    const char *device;    /* -d: device name, NULL = the first */
    int port;              /* -p: port number of the device */
    int gid_index;         /* -g: GID index (RoCE), -1 = use the LID (InfiniBand) */
    long iterations;       /* -i */
    int delay;             /* -D: random start delay bound, in spin-loop turns */
    int pin;               /* -P: pin threads to processors round-robin */
    unsigned seed;         /* -r */
};

static struct options opt = {NULL, 1, -1, 1000, 200, 0, 1};

/* The threads of every node this process hosts meet at a spinning barrier before each iteration (a
 * sleeping barrier wakes them microseconds apart, longer than a test's body): hosted_threads of them,
 * the last to arrive flips the sense that the others spin on. */
static int hosted_threads;
static int barrier_arrived, barrier_sense;

static void spin_barrier(int *sense) {
    *sense = !*sense;
    if (__atomic_add_fetch(&barrier_arrived, 1, __ATOMIC_ACQ_REL) == hosted_threads) {
        __atomic_store_n(&barrier_arrived, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&barrier_sense, *sense, __ATOMIC_RELEASE);
        return;
    }
    for (long spins = 0; __atomic_load_n(&barrier_sense, __ATOMIC_ACQUIRE) != *sense; spins++) {
        if (spins > 10000) {
            sched_yield(); /* a thread descheduled on a busy machine: let it run */
        }
    }
}

/** A connection as one thread uses it: its queue pair, completion queue and the target's memory. */
struct link {
    struct ibv_qp *qp;
    struct ibv_cq *cq;
    uint64_t remote_base;
    uint32_t rkey;
    long outstanding;      /* posted and not yet polled */
};

/** A thread of the test, as its body sees it. */
struct thread_ctx {
    int thread;
    volatile uint64_t *mem; /* the node's words, indexed by location */
    uint32_t lkey;
    struct link link[CONNS > 0 ? CONNS : 1];
    int64_t item[ITEMS];    /* the final values of the thread's registers */
    unsigned rnd;
    pthread_t id;
    struct agent *agent;
};

/** A node. */
struct agent {
    int node;
    int sock;
    struct ibv_context *ctx;
    struct ibv_pd *pd;
    struct ibv_mr *mr;
    volatile uint64_t *mem;
    struct ibv_port_attr port;
    uint8_t rd_atomic;      /* reads and atomics a queue pair keeps in flight (initiator and responder) */
    union ibv_gid gid;
    struct ibv_qp *qp[CONNS > 0 ? CONNS : 1][2];
    struct ibv_cq *cq[CONNS > 0 ? CONNS : 1][2];
    struct thread_ctx thr[THREADS];
    int nthreads;
    pthread_barrier_t start, end;
    volatile int stop;
};

static void die(const char *what, int err) {
    fprintf(stderr, "%s: %s: %s\n", TEST_NAME, what, strerror(err));
    exit(2);
}

static void send_all(int fd, const void *buf, size_t n) {
    const char *p = buf;
    while (n > 0) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k <= 0) {
            die("control connection (send)", k < 0 ? errno : EPIPE);
        }
        p += k;
        n -= (size_t) k;
    }
}

static void recv_all(int fd, void *buf, size_t n) {
    char *p = buf;
    while (n > 0) {
        ssize_t k = recv(fd, p, n, 0);
        if (k <= 0) {
            die("control connection (receive)", k < 0 ? errno : ECONNRESET);
        }
        p += k;
        n -= (size_t) k;
    }
}

/** Control messages are small and answered at once: no Nagle delay (40 ms a round trip otherwise). */
static void no_delay(int fd) {
    int yes = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
}

static void send_word(int fd, int32_t w) { send_all(fd, &w, sizeof w); }

static int32_t recv_word(int fd) {
    int32_t w;
    recv_all(fd, &w, sizeof w);
    return w;
}

/* ---- the operations of a test thread ------------------------------------------------------------ */

static inline int64_t load(struct thread_ctx *c, int loc) {
    return (int64_t) __atomic_load_n(&c->mem[loc], __ATOMIC_ACQUIRE);
}

static inline void store(struct thread_ctx *c, int loc, int64_t v) {
    __atomic_store_n(&c->mem[loc], (uint64_t) v, __ATOMIC_RELEASE);
}

/** Posts one signalled work request of one word between local location {@code local} and remote {@code remote}. */
static inline void post(struct thread_ctx *c, int conn, enum ibv_wr_opcode op, int local, int remote, int64_t a, int64_t b) {
    struct link *l = &c->link[conn];
    struct ibv_sge sge;
    struct ibv_send_wr wr, *bad = NULL;
    memset(&sge, 0, sizeof sge);
    memset(&wr, 0, sizeof wr);
    sge.addr = (uint64_t) (uintptr_t) &c->mem[local];
    sge.length = sizeof(uint64_t);
    sge.lkey = c->lkey;
    wr.wr_id = (uint64_t) conn;
    wr.sg_list = &sge;
    wr.num_sge = 1;
    wr.opcode = op;
    wr.send_flags = IBV_SEND_SIGNALED;
    if (op == IBV_WR_ATOMIC_CMP_AND_SWP || op == IBV_WR_ATOMIC_FETCH_AND_ADD) {
        wr.wr.atomic.remote_addr = l->remote_base + (uint64_t) remote * sizeof(uint64_t);
        wr.wr.atomic.rkey = l->rkey;
        wr.wr.atomic.compare_add = (uint64_t) a;
        wr.wr.atomic.swap = (uint64_t) b;
    } else {
        wr.wr.rdma.remote_addr = l->remote_base + (uint64_t) remote * sizeof(uint64_t);
        wr.wr.rdma.rkey = l->rkey;
    }
    int rc = ibv_post_send(l->qp, &wr, &bad);
    if (rc != 0) {
        die("ibv_post_send", rc);
    }
    l->outstanding++;
}

/** {@code put remote@n, local}: RDMA write. */
static inline void put(struct thread_ctx *c, int conn, int remote, int local) {
    post(c, conn, IBV_WR_RDMA_WRITE, local, remote, 0, 0);
}

/** {@code get local, remote@n}: RDMA read. */
static inline void get(struct thread_ctx *c, int conn, int local, int remote) {
    post(c, conn, IBV_WR_RDMA_READ, local, remote, 0, 0);
}

/** {@code rcas local, remote@n, expected, desired}. */
static inline void rcas(struct thread_ctx *c, int conn, int local, int remote, int64_t expected, int64_t desired) {
    post(c, conn, IBV_WR_ATOMIC_CMP_AND_SWP, local, remote, expected, desired);
}

/** {@code rfaa local, remote@n, addend}. */
static inline void rfaa(struct thread_ctx *c, int conn, int local, int remote, int64_t addend) {
    post(c, conn, IBV_WR_ATOMIC_FETCH_AND_ADD, local, remote, addend, 0);
}

/** {@code poll n}: waits for the completion of the oldest request of the queue pair not yet polled. */
static inline void poll_link(struct thread_ctx *c, int conn) {
    struct ibv_wc wc;
    int n;
    do {
        n = ibv_poll_cq(c->link[conn].cq, 1, &wc);
    } while (n == 0);
    if (n < 0) {
        die("ibv_poll_cq", EIO);
    }
    if (wc.status != IBV_WC_SUCCESS) {
        fprintf(stderr, "%s: thread P%d: work request failed: %s\n", TEST_NAME, c->thread,
                ibv_wc_status_str(wc.status));
        exit(2);
    }
    c->link[conn].outstanding--;
}

static void run_thread(struct thread_ctx *c);

/* ---- agents ------------------------------------------------------------------------------------- */

static void *thread_main(void *arg) {
    struct thread_ctx *c = arg;
    struct agent *a = c->agent;
    int sense = 0;
    if (opt.pin) {
        cpu_set_t set;
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        CPU_ZERO(&set);
        CPU_SET((size_t) (c->thread % (cpus > 0 ? cpus : 1)), &set);
        pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    }
    for (;;) {
        pthread_barrier_wait(&a->start);
        if (a->stop) {
            return NULL;
        }
        spin_barrier(&sense);
        /* a random start delay (litmus7's trick): threads overlap at different offsets */
        int turns = opt.delay > 0 ? (int) (rand_r(&c->rnd) % (unsigned) (opt.delay + 1)) : 0;
        for (volatile int i = 0; i < turns; i++) {
        }
        run_thread(c);
        /* the final state is taken when every request has completed */
        for (int k = 0; k < CONNS; k++) {
            while (c->link[k].outstanding > 0) {
                poll_link(c, k);
            }
        }
        pthread_barrier_wait(&a->end);
    }
}

