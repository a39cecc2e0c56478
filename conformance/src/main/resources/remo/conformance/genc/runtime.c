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

static struct options opt = {NULL, 1, -1, 1000, 1000, 0, 1};

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

static void reset_memory(struct agent *a) {
    for (int l = 0; l < LOCS; l++) {
        if (loc_home[l] == a->node) {
            __atomic_store_n(&a->mem[l], (uint64_t) loc_init[l], __ATOMIC_SEQ_CST);
        }
    }
}

static struct ibv_context *open_device(void) {
    int n = 0;
    struct ibv_device **list = ibv_get_device_list(&n);
    if (list == NULL || n == 0) {
        fprintf(stderr, "%s: no RDMA device found\n", TEST_NAME);
        exit(2);
    }
    struct ibv_context *ctx = NULL;
    for (int i = 0; i < n && ctx == NULL; i++) {
        if (opt.device == NULL || strcmp(opt.device, ibv_get_device_name(list[i])) == 0) {
            ctx = ibv_open_device(list[i]);
        }
    }
    ibv_free_device_list(list);
    if (ctx == NULL) {
        fprintf(stderr, "%s: cannot open device %s\n", TEST_NAME, opt.device ? opt.device : "(first)");
        exit(2);
    }
    return ctx;
}

static struct ibv_qp *create_qp(struct agent *a, struct ibv_cq **cq_out) {
    struct ibv_cq *cq = ibv_create_cq(a->ctx, 256, NULL, NULL, 0);
    if (cq == NULL) {
        die("ibv_create_cq", errno);
    }
    struct ibv_qp_init_attr init;
    memset(&init, 0, sizeof init);
    init.send_cq = cq;
    init.recv_cq = cq;
    init.qp_type = IBV_QPT_RC;
    init.sq_sig_all = 0;
    init.cap.max_send_wr = 128;
    init.cap.max_recv_wr = 1;
    init.cap.max_send_sge = 1;
    init.cap.max_recv_sge = 1;
    struct ibv_qp *qp = ibv_create_qp(a->pd, &init);
    if (qp == NULL) {
        die("ibv_create_qp", errno);
    }
    struct ibv_qp_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.qp_state = IBV_QPS_INIT;
    attr.pkey_index = 0;
    attr.port_num = (uint8_t) opt.port;
    attr.qp_access_flags = IBV_ACCESS_REMOTE_WRITE | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC;
    int rc = ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_PKEY_INDEX | IBV_QP_PORT | IBV_QP_ACCESS_FLAGS);
    if (rc != 0) {
        die("ibv_modify_qp (INIT)", rc);
    }
    *cq_out = cq;
    return qp;
}

/** Moves {@code qp} to RTR (towards {@code peer}) and RTS. */
static void connect_qp(struct agent *a, struct ibv_qp *qp, const struct endpoint *self, const struct endpoint *peer) {
    struct ibv_qp_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.qp_state = IBV_QPS_RTR;
    attr.path_mtu = a->port.active_mtu;
    attr.dest_qp_num = peer->qpn;
    attr.rq_psn = peer->psn;
    attr.max_dest_rd_atomic = 1;
    attr.min_rnr_timer = 12;
    attr.ah_attr.dlid = peer->lid;
    attr.ah_attr.port_num = (uint8_t) opt.port;
    if (opt.gid_index >= 0) {
        attr.ah_attr.is_global = 1;
        memcpy(attr.ah_attr.grh.dgid.raw, peer->gid, 16);
        attr.ah_attr.grh.sgid_index = (uint8_t) opt.gid_index;
        attr.ah_attr.grh.hop_limit = 1;
    }
    int rc = ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_AV | IBV_QP_PATH_MTU | IBV_QP_DEST_QPN | IBV_QP_RQ_PSN
            | IBV_QP_MAX_DEST_RD_ATOMIC | IBV_QP_MIN_RNR_TIMER);
    if (rc != 0) {
        die("ibv_modify_qp (RTR)", rc);
    }
    memset(&attr, 0, sizeof attr);
    attr.qp_state = IBV_QPS_RTS;
    attr.timeout = 14;
    attr.retry_cnt = 7;
    attr.rnr_retry = 7;
    attr.sq_psn = self->psn;
    attr.max_rd_atomic = 1;
    rc = ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN
            | IBV_QP_MAX_QP_RD_ATOMIC);
    if (rc != 0) {
        die("ibv_modify_qp (RTS)", rc);
    }
}

/** Sets node {@code a} up, exchanges its addresses through the coordinator and serves iterations until STOP. */
static void run_agent(struct agent *a) {
    a->ctx = open_device();
    a->pd = ibv_alloc_pd(a->ctx);
    if (a->pd == NULL) {
        die("ibv_alloc_pd", errno);
    }
    void *mem = NULL;
    int rc = posix_memalign(&mem, 4096, LOCS * sizeof(uint64_t));
    if (rc != 0) {
        die("posix_memalign", rc);
    }
    memset(mem, 0, LOCS * sizeof(uint64_t));
    a->mem = mem;
    a->mr = ibv_reg_mr(a->pd, mem, LOCS * sizeof(uint64_t), IBV_ACCESS_LOCAL_WRITE | IBV_ACCESS_REMOTE_WRITE
            | IBV_ACCESS_REMOTE_READ | IBV_ACCESS_REMOTE_ATOMIC);
    if (a->mr == NULL) {
        die("ibv_reg_mr", errno);
    }
    reset_memory(a);
    rc = ibv_query_port(a->ctx, (uint8_t) opt.port, &a->port);
    if (rc != 0) {
        die("ibv_query_port", rc);
    }
    memset(&a->gid, 0, sizeof a->gid);
    if (opt.gid_index >= 0 && (rc = ibv_query_gid(a->ctx, (uint8_t) opt.port, opt.gid_index, &a->gid)) != 0) {
        die("ibv_query_gid", rc);
    }
    /* this node's ends of the connections */
    struct endpoint mine[2 * (CONNS > 0 ? CONNS : 1)];
    int32_t nmine = 0;
    unsigned psn_seed = opt.seed * 7919u + (unsigned) a->node;
    for (int k = 0; k < CONNS; k++) {
        for (int side = 0; side < 2; side++) {
            if ((side == 0 ? conn_from[k] : conn_to[k]) != a->node) {
                continue;
            }
            a->qp[k][side] = create_qp(a, &a->cq[k][side]);
            struct endpoint *e = &mine[nmine++];
            memset(e, 0, sizeof *e);
            e->conn = k;
            e->passive = side;
            e->qpn = a->qp[k][side]->qp_num;
            e->psn = (uint32_t) rand_r(&psn_seed) & 0xffffffu;
            e->lid = a->port.lid;
            memcpy(e->gid, a->gid.raw, 16);
        }
    }
    struct region reg = {(uint64_t) (uintptr_t) mem, a->mr->rkey, 0};
    send_word(a->sock, a->node);
    send_all(a->sock, &reg, sizeof reg);
    send_word(a->sock, nmine);
    send_all(a->sock, mine, sizeof(struct endpoint) * (size_t) nmine);
    /* every node's region and every end, from the coordinator */
    struct region regions[NODES + 1];
    struct endpoint all[2 * (CONNS > 0 ? CONNS : 1)];
    recv_all(a->sock, regions, sizeof regions);
    recv_all(a->sock, all, sizeof all);
    for (int i = 0; i < nmine; i++) {
        int k = mine[i].conn;
        connect_qp(a, a->qp[k][mine[i].passive], &mine[i], &all[2 * k + 1 - mine[i].passive]);
    }
    /* the node's threads */
    a->nthreads = 0;
    for (int t = 0; t < THREADS; t++) {
        if (thread_node[t] != a->node) {
            continue;
        }
        struct thread_ctx *c = &a->thr[a->nthreads++];
        memset(c, 0, sizeof *c);
        c->thread = t;
        c->mem = a->mem;
        c->lkey = a->mr->lkey;
        c->agent = a;
        c->rnd = opt.seed * 31u + (unsigned) t;
        for (int k = 0; k < CONNS; k++) {
            if (conn_thread[k] == t) {
                c->link[k].qp = a->qp[k][0];
                c->link[k].cq = a->cq[k][0];
                c->link[k].remote_base = regions[conn_to[k]].addr;
                c->link[k].rkey = regions[conn_to[k]].rkey;
            }
        }
    }
    pthread_barrier_init(&a->start, NULL, (unsigned) a->nthreads + 1);
    pthread_barrier_init(&a->end, NULL, (unsigned) a->nthreads + 1);
    for (int i = 0; i < a->nthreads; i++) {
        rc = pthread_create(&a->thr[i].id, NULL, thread_main, &a->thr[i]);
        if (rc != 0) {
            die("pthread_create", rc);
        }
    }
    send_word(a->sock, CTL_DONE); /* connected */
    for (;;) {
        int32_t cmd = recv_word(a->sock);
        if (cmd == CTL_GO) {
            pthread_barrier_wait(&a->start);
            pthread_barrier_wait(&a->end);
            send_word(a->sock, CTL_DONE);
        } else if (cmd == CTL_COLLECT) {
            int64_t values[ITEMS];
            for (int i = 0; i < ITEMS; i++) {
                values[i] = 0;
                if (item_loc[i] >= 0 && loc_home[item_loc[i]] == a->node) {
                    values[i] = (int64_t) __atomic_load_n(&a->mem[item_loc[i]], __ATOMIC_SEQ_CST);
                }
                for (int t = 0; t < a->nthreads; t++) {
                    if (item_thread[i] == a->thr[t].thread) {
                        values[i] = a->thr[t].item[i];
                    }
                }
            }
            reset_memory(a);
            send_word(a->sock, CTL_VALUES);
            send_all(a->sock, values, sizeof values);
        } else {
            break;
        }
    }
    a->stop = 1;
    pthread_barrier_wait(&a->start);
    for (int i = 0; i < a->nthreads; i++) {
        pthread_join(a->thr[i].id, NULL);
    }
    for (int k = 0; k < CONNS; k++) {
        for (int side = 0; side < 2; side++) {
            if (a->qp[k][side] != NULL) {
                ibv_destroy_qp(a->qp[k][side]);
                ibv_destroy_cq(a->cq[k][side]);
            }
        }
    }
    ibv_dereg_mr(a->mr);
    ibv_dealloc_pd(a->pd);
    ibv_close_device(a->ctx);
    free(mem);
    close(a->sock);
}

static void *agent_main(void *arg) {
    run_agent(arg);
    return NULL;
}

/* ---- the coordinator ---------------------------------------------------------------------------- */

/** One line of the histogram. */
struct outcome {
    char *state;
    long count;
};

static int compare_outcomes(const void *x, const void *y) {
    return strcmp(((const struct outcome *) x)->state, ((const struct outcome *) y)->state);
}

/** Accepts every node's agent on {@code listener}, runs the iterations and prints the histogram. */
static void coordinate(int listener) {
    int sock[NODES + 1];
    struct region regions[NODES + 1];
    struct endpoint all[2 * (CONNS > 0 ? CONNS : 1)];
    memset(regions, 0, sizeof regions);
    memset(all, 0, sizeof all);
    for (int i = 0; i <= NODES; i++) {
        sock[i] = -1;
    }
    for (int joined = 0; joined < NODES; joined++) {
        int fd = accept(listener, NULL, NULL);
        if (fd < 0) {
            die("accept", errno);
        }
        int32_t node = recv_word(fd);
        if (node < 1 || node > NODES || sock[node] >= 0) {
            fprintf(stderr, "%s: an agent announced node %d, which is not a free node of the test\n", TEST_NAME, node);
            exit(2);
        }
        sock[node] = fd;
        no_delay(fd);
        recv_all(fd, &regions[node], sizeof regions[node]);
        int32_t n = recv_word(fd);
        for (int i = 0; i < n; i++) {
            struct endpoint e;
            recv_all(fd, &e, sizeof e);
            all[2 * e.conn + e.passive] = e;
        }
    }
    for (int n = 1; n <= NODES; n++) {
        send_all(sock[n], regions, sizeof regions);
        send_all(sock[n], all, sizeof all);
    }
    for (int n = 1; n <= NODES; n++) {
        (void) recv_word(sock[n]); /* connected */
    }
    size_t cap = 64, used = 0;
    struct outcome *hist = calloc(cap, sizeof *hist);
    char line[64 * (ITEMS + 1)];
    for (long it = 0; it < opt.iterations; it++) {
        for (int n = 1; n <= NODES; n++) {
            send_word(sock[n], CTL_GO);
        }
        for (int n = 1; n <= NODES; n++) {
            if (recv_word(sock[n]) != CTL_DONE) {
                die("protocol", EPROTO);
            }
        }
        int64_t state[ITEMS];
        memset(state, 0, sizeof state);
        for (int n = 1; n <= NODES; n++) {
            send_word(sock[n], CTL_COLLECT);
        }
        for (int n = 1; n <= NODES; n++) {
            int64_t values[ITEMS];
            if (recv_word(sock[n]) != CTL_VALUES) {
                die("protocol", EPROTO);
            }
            recv_all(sock[n], values, sizeof values);
            for (int i = 0; i < ITEMS; i++) {
                if (item_node[i] == n) {
                    state[i] = values[i];
                }
            }
        }
        size_t len = 0;
        line[0] = '\0';
        for (int i = 0; i < ITEMS; i++) {
            len += (size_t) snprintf(line + len, sizeof line - len, "%s%s=%" PRId64 ";", i > 0 ? " " : "",
                    item_name[i], state[i]);
        }
        size_t j = 0;
        while (j < used && strcmp(hist[j].state, line) != 0) {
            j++;
        }
        if (j == used) {
            if (used == cap) {
                cap *= 2;
                hist = realloc(hist, cap * sizeof *hist);
                if (hist == NULL) {
                    die("realloc", ENOMEM);
                }
            }
            hist[used].state = strdup(line);
            hist[used].count = 0;
            used++;
        }
        hist[j].count++;
    }
    for (int n = 1; n <= NODES; n++) {
        send_word(sock[n], CTL_STOP);
    }
    qsort(hist, used, sizeof *hist, compare_outcomes);
    printf("Test %s\n", TEST_NAME);
    printf("Histogram (%zu states)\n", used);
    for (size_t j = 0; j < used; j++) {
        printf("%-8ld:>%s\n", hist[j].count, hist[j].state);
        free(hist[j].state);
    }
    printf("Iterations %ld\n", opt.iterations);
    free(hist);
    fflush(stdout);
}

static int connect_to(const char *host, const char *port) {
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        fprintf(stderr, "%s: %s:%s: %s\n", TEST_NAME, host, port, gai_strerror(rc));
        exit(2);
    }
    for (int attempt = 0; attempt < 600; attempt++) {
        for (struct addrinfo *ai = res; ai != NULL; ai = ai->ai_next) {
            int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
            if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) {
                freeaddrinfo(res);
                no_delay(fd);
                return fd;
            }
            if (fd >= 0) {
                close(fd);
            }
        }
        usleep(100000); /* the coordinator may start later: retry for a minute */
    }
    freeaddrinfo(res);
    die("connect to the coordinator", ECONNREFUSED);
    return -1;
}

static void usage(const char *prog) {
    fprintf(stderr, "usage: %s [-s PORT] [-c HOST:PORT] [-n NODES] [-i ITERATIONS] [-d DEVICE] [-p PORT_NUM]\n"
            "          [-g GID_INDEX] [-D DELAY] [-P] [-r SEED]\n"
            "  -s PORT      run the coordinator on TCP port PORT (0: any; with no -c, the default)\n"
            "  -c HOST:PORT the coordinator to join\n"
            "  -n NODES     the test's nodes this process hosts: all (default) or a list such as 1,3\n", prog);
    exit(2);
}

int main(int argc, char **argv) {
    const char *serve = NULL, *join = NULL, *nodes = "all";
    int ch;
    while ((ch = getopt(argc, argv, "s:c:n:i:d:p:g:D:Pr:")) != -1) {
        switch (ch) {
        case 's': serve = optarg; break;
        case 'c': join = optarg; break;
        case 'n': nodes = optarg; break;
        case 'i': opt.iterations = atol(optarg); break;
        case 'd': opt.device = optarg; break;
        case 'p': opt.port = atoi(optarg); break;
        case 'g': opt.gid_index = atoi(optarg); break;
        case 'D': opt.delay = atoi(optarg); break;
        case 'P': opt.pin = 1; break;
        case 'r': opt.seed = (unsigned) atol(optarg); break;
        default: usage(argv[0]);
        }
    }
    if (optind != argc || opt.iterations < 1 || (serve == NULL && join == NULL && strcmp(nodes, "all") != 0)) {
        usage(argv[0]);
    }
    int hosted[NODES + 1];
    memset(hosted, 0, sizeof hosted);
    if (strcmp(nodes, "all") == 0) {
        for (int n = 1; n <= NODES; n++) {
            hosted[n] = 1;
        }
    } else {
        char *copy = strdup(nodes), *save = NULL;
        for (char *tok = strtok_r(copy, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
            int n = atoi(tok);
            if (n < 1 || n > NODES) {
                fprintf(stderr, "%s: node %s: the test has nodes 1..%d\n", TEST_NAME, tok, NODES);
                exit(2);
            }
            hosted[n] = 1;
        }
        free(copy);
    }
    char host[256] = "127.0.0.1", port[32] = "0";
    int listener = -1;
    if (join == NULL) {
        struct sockaddr_in sa;
        memset(&sa, 0, sizeof sa);
        sa.sin_family = AF_INET;
        sa.sin_addr.s_addr = htonl(INADDR_ANY);
        sa.sin_port = htons((uint16_t) atoi(serve != NULL ? serve : "0"));
        int yes = 1;
        listener = socket(AF_INET, SOCK_STREAM, 0);
        if (listener < 0 || setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes) != 0
                || bind(listener, (struct sockaddr *) &sa, sizeof sa) != 0 || listen(listener, NODES) != 0) {
            die("listen", errno);
        }
        socklen_t slen = sizeof sa;
        getsockname(listener, (struct sockaddr *) &sa, &slen);
        snprintf(port, sizeof port, "%u", (unsigned) ntohs(sa.sin_port));
        fprintf(stderr, "%s: coordinator on TCP port %s\n", TEST_NAME, port);
    } else {
        const char *colon = strrchr(join, ':');
        if (colon == NULL || (size_t) (colon - join) >= sizeof host) {
            usage(argv[0]);
        }
        memcpy(host, join, (size_t) (colon - join));
        host[colon - join] = '\0';
        snprintf(port, sizeof port, "%s", colon + 1);
    }
    static struct agent agents[NODES + 1];
    pthread_t ids[NODES + 1];
    for (int n = 1; n <= NODES; n++) {
        if (hosted[n]) {
            agents[n].node = n;
            agents[n].sock = connect_to(host, port);
            int rc = pthread_create(&ids[n], NULL, agent_main, &agents[n]);
            if (rc != 0) {
                die("pthread_create", rc);
            }
        }
    }
    if (listener >= 0) {
        coordinate(listener);
        close(listener);
    }
    for (int n = 1; n <= NODES; n++) {
        if (hosted[n]) {
            pthread_join(ids[n], NULL);
        }
    }
    return 0;
}
