/* remo's verbs shim: the libibverbs calls that `remo gen-c` programs make, on shared memory with
 * threads, so that the programs run (in one process) on a machine without an RDMA device.
 * Link it in place of libibverbs, compiled against the real headers:
 *     gcc -Wall -Wextra -O2 -pthread TEST.c verbs_shim.c -o TEST
 *
 * What it models (docs/hardware.md): one device with one port; a reliable-connected queue pair is
 * served by its own NIC thread, which takes the work requests in posting order and performs each in
 * turn (read the source, write the destination; the atomics as one atomic step), after a random
 * delay, then adds a completion for a signalled request to the send completion queue. Memory regions
 * are looked up by rkey/lkey and checked against the access flags and bounds; a request that fails
 * the check completes with an error status and moves the queue pair to the error state, flushing
 * the rest, as verbs does. This is one of the behaviours the model allows (it never reorders a queue
 * pair's requests), not all of them: a run against the shim tests the generated program's logic and
 * that its states are allowed, not the model's weakest corners.
 *
 * Environment: REMO_SHIM_DELAY (default 64): the bound of a request's random delay, in yields. */
#define _GNU_SOURCE
#include <infiniband/verbs.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#undef ibv_query_port
#undef ibv_reg_mr

#define SHIM_QUEUE 1024

/** A posted work request, copied at post time (verbs lets the caller reuse its structures). */
struct shim_wr {
    uint64_t wr_id;
    enum ibv_wr_opcode opcode;
    int signaled;
    uint64_t local_addr;
    uint32_t length;
    uint32_t lkey;
    uint64_t remote_addr;
    uint32_t rkey;
    uint64_t compare_add;
    uint64_t swap;
};

struct shim_cq {
    struct ibv_cq cq;      /* first: the verbs object the caller sees */
    pthread_mutex_t lock;
    struct ibv_wc *wc;
    int cap, head, count;
};

struct shim_qp {
    struct ibv_qp qp;      /* first */
    pthread_mutex_t lock;
    pthread_cond_t more;
    struct shim_wr wr[SHIM_QUEUE];
    int head, count;
    int stop;
    uint32_t dest_qpn;
    pthread_t nic;
    unsigned rnd;
};

struct shim_mr {
    struct ibv_mr mr;      /* first */
    int access;
    struct shim_mr *next;
};

static pthread_mutex_t registry = PTHREAD_MUTEX_INITIALIZER;
static struct shim_mr *regions;
static uint32_t next_key = 0x100, next_qpn = 0x40;
static struct ibv_device shim_device;
static struct ibv_device *device_list[2] = {&shim_device, NULL};

static int delay_bound(void) {
    const char *s = getenv("REMO_SHIM_DELAY");
    return s != NULL ? atoi(s) : 64;
}

/** The region holding [addr, addr+len) under key {@code key} (rkey or lkey), with {@code access}; NULL if none. */
static struct shim_mr *find_region(uint32_t key, int remote, uint64_t addr, uint32_t len, int access) {
    pthread_mutex_lock(&registry);
    struct shim_mr *m = regions;
    while (m != NULL && (remote ? m->mr.rkey : m->mr.lkey) != key) {
        m = m->next;
    }
    pthread_mutex_unlock(&registry);
    if (m == NULL) {
        return NULL;
    }
    uint64_t base = (uint64_t) (uintptr_t) m->mr.addr;
    if (addr < base || addr + len > base + m->mr.length || (access != 0 && (m->access & access) != access)) {
        return NULL;
    }
    return m;
}

static void complete(struct shim_qp *q, const struct shim_wr *w, enum ibv_wc_status status) {
    if (!w->signaled && status == IBV_WC_SUCCESS) {
        return;
    }
    struct shim_cq *cq = (struct shim_cq *) q->qp.send_cq;
    pthread_mutex_lock(&cq->lock);
    if (cq->count < cq->cap) {
        struct ibv_wc *wc = &cq->wc[(cq->head + cq->count) % cq->cap];
        memset(wc, 0, sizeof *wc);
        wc->wr_id = w->wr_id;
        wc->status = status;
        wc->qp_num = q->qp.qp_num;
        wc->byte_len = w->length;
        switch (w->opcode) {
        case IBV_WR_RDMA_READ: wc->opcode = IBV_WC_RDMA_READ; break;
        case IBV_WR_ATOMIC_CMP_AND_SWP: wc->opcode = IBV_WC_COMP_SWAP; break;
        case IBV_WR_ATOMIC_FETCH_AND_ADD: wc->opcode = IBV_WC_FETCH_ADD; break;
        default: wc->opcode = IBV_WC_RDMA_WRITE; break;
        }
        cq->count++;
    }
    pthread_mutex_unlock(&cq->lock);
}

/** Performs one request; IBV_WC_SUCCESS or the error a NIC would report. */
static enum ibv_wc_status perform(const struct shim_wr *w) {
    int atomic = w->opcode == IBV_WR_ATOMIC_CMP_AND_SWP || w->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD;
    int remote_access = w->opcode == IBV_WR_RDMA_WRITE ? IBV_ACCESS_REMOTE_WRITE
            : w->opcode == IBV_WR_RDMA_READ ? IBV_ACCESS_REMOTE_READ : IBV_ACCESS_REMOTE_ATOMIC;
    int local_access = w->opcode == IBV_WR_RDMA_WRITE ? 0 : IBV_ACCESS_LOCAL_WRITE;
    if (find_region(w->lkey, 0, w->local_addr, w->length, local_access) == NULL) {
        return IBV_WC_LOC_PROT_ERR;
    }
    if (find_region(w->rkey, 1, w->remote_addr, w->length, remote_access) == NULL) {
        return IBV_WC_REM_ACCESS_ERR;
    }
    uint64_t *local = (uint64_t *) (uintptr_t) w->local_addr;
    uint64_t *remote = (uint64_t *) (uintptr_t) w->remote_addr;
    if (atomic) {
        if (w->length != 8 || (w->remote_addr & 7) != 0) {
            return IBV_WC_REM_INV_REQ_ERR;
        }
        uint64_t old;
        if (w->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD) {
            old = __atomic_fetch_add(remote, w->compare_add, __ATOMIC_SEQ_CST);
        } else {
            old = w->compare_add;
            __atomic_compare_exchange_n(remote, &old, w->swap, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        }
        __atomic_store_n(local, old, __ATOMIC_SEQ_CST);
    } else if (w->length == 8 && (w->local_addr & 7) == 0 && (w->remote_addr & 7) == 0) {
        /* one word: each side accessed once, as a NIC's DMA of an aligned word */
        if (w->opcode == IBV_WR_RDMA_WRITE) {
            __atomic_store_n(remote, __atomic_load_n(local, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
        } else {
            __atomic_store_n(local, __atomic_load_n(remote, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
        }
    } else if (w->opcode == IBV_WR_RDMA_WRITE) {
        memcpy(remote, local, w->length);
    } else {
        memcpy(local, remote, w->length);
    }
    return IBV_WC_SUCCESS;
}

static void *nic_main(void *arg) {
    struct shim_qp *q = arg;
    int bound = delay_bound();
    for (;;) {
        pthread_mutex_lock(&q->lock);
        while (q->count == 0 && !q->stop) {
            pthread_cond_wait(&q->more, &q->lock);
        }
        if (q->count == 0 && q->stop) {
            pthread_mutex_unlock(&q->lock);
            return NULL;
        }
        struct shim_wr w = q->wr[q->head];
        int turns = bound > 0 ? (int) (rand_r(&q->rnd) % (unsigned) (bound + 1)) : 0;
        pthread_mutex_unlock(&q->lock);
        for (int i = 0; i < turns; i++) {
            sched_yield();
        }
        enum ibv_wc_status status = q->qp.state == IBV_QPS_ERR ? IBV_WC_WR_FLUSH_ERR : perform(&w);
        pthread_mutex_lock(&q->lock);
        q->head = (q->head + 1) % SHIM_QUEUE;
        q->count--;
        if (status != IBV_WC_SUCCESS) {
            q->qp.state = IBV_QPS_ERR;
        }
        pthread_mutex_unlock(&q->lock);
        complete(q, &w, status);
    }
}

static int shim_post_send(struct ibv_qp *qp, struct ibv_send_wr *wr, struct ibv_send_wr **bad) {
    struct shim_qp *q = (struct shim_qp *) qp;
    pthread_mutex_lock(&q->lock);
    for (; wr != NULL; wr = wr->next) {
        if (qp->state != IBV_QPS_RTS || q->count == SHIM_QUEUE || wr->num_sge != 1
                || (wr->opcode != IBV_WR_RDMA_WRITE && wr->opcode != IBV_WR_RDMA_READ
                    && wr->opcode != IBV_WR_ATOMIC_CMP_AND_SWP && wr->opcode != IBV_WR_ATOMIC_FETCH_AND_ADD)) {
            *bad = wr;
            pthread_mutex_unlock(&q->lock);
            return qp->state != IBV_QPS_RTS ? EINVAL : q->count == SHIM_QUEUE ? ENOMEM : EINVAL;
        }
        struct shim_wr *w = &q->wr[(q->head + q->count) % SHIM_QUEUE];
        int atomic = wr->opcode == IBV_WR_ATOMIC_CMP_AND_SWP || wr->opcode == IBV_WR_ATOMIC_FETCH_AND_ADD;
        w->wr_id = wr->wr_id;
        w->opcode = wr->opcode;
        w->signaled = qp->qp_type == IBV_QPT_RC && (wr->send_flags & IBV_SEND_SIGNALED) != 0;
        w->local_addr = wr->sg_list[0].addr;
        w->length = wr->sg_list[0].length;
        w->lkey = wr->sg_list[0].lkey;
        w->remote_addr = atomic ? wr->wr.atomic.remote_addr : wr->wr.rdma.remote_addr;
        w->rkey = atomic ? wr->wr.atomic.rkey : wr->wr.rdma.rkey;
        w->compare_add = atomic ? wr->wr.atomic.compare_add : 0;
        w->swap = atomic ? wr->wr.atomic.swap : 0;
        q->count++;
    }
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->lock);
    return 0;
}

static int shim_poll_cq(struct ibv_cq *cq, int n, struct ibv_wc *wc) {
    struct shim_cq *c = (struct shim_cq *) cq;
    int got = 0;
    pthread_mutex_lock(&c->lock);
    while (got < n && c->count > 0) {
        wc[got++] = c->wc[c->head];
        c->head = (c->head + 1) % c->cap;
        c->count--;
    }
    pthread_mutex_unlock(&c->lock);
    if (got == 0) {
        sched_yield(); /* a spinning poller leaves the processor to the NIC threads */
    }
    return got;
}

static int shim_post_recv(struct ibv_qp *qp, struct ibv_recv_wr *wr, struct ibv_recv_wr **bad) {
    (void) qp;
    *bad = wr;
    return EOPNOTSUPP;
}

struct ibv_device **ibv_get_device_list(int *num_devices) {
    strcpy(shim_device.name, "remo_shim0");
    strcpy(shim_device.dev_name, "remo_shim0");
    shim_device.transport_type = IBV_TRANSPORT_IB;
    if (num_devices != NULL) {
        *num_devices = 1;
    }
    return device_list;
}

void ibv_free_device_list(struct ibv_device **list) {
    (void) list;
}

const char *ibv_get_device_name(struct ibv_device *device) {
    return device->name;
}

struct ibv_context *ibv_open_device(struct ibv_device *device) {
    struct ibv_context *ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL) {
        return NULL;
    }
    ctx->device = device;
    ctx->ops.post_send = shim_post_send;
    ctx->ops.post_recv = shim_post_recv;
    ctx->ops.poll_cq = shim_poll_cq;
    ctx->cmd_fd = -1;
    ctx->async_fd = -1;
    pthread_mutex_init(&ctx->mutex, NULL);
    return ctx; /* abi_compat NULL: not an extended context, the inline wrappers take the plain calls */
}

int ibv_close_device(struct ibv_context *context) {
    pthread_mutex_destroy(&context->mutex);
    free(context);
    return 0;
}

int ibv_query_port(struct ibv_context *context, uint8_t port_num, struct _compat_ibv_port_attr *port_attr) {
    (void) context;
    if (port_num != 1) {
        return EINVAL;
    }
    struct ibv_port_attr *a = (struct ibv_port_attr *) port_attr;
    a->state = IBV_PORT_ACTIVE;
    a->max_mtu = IBV_MTU_4096;
    a->active_mtu = IBV_MTU_4096;
    a->lid = 1;
    a->link_layer = IBV_LINK_LAYER_INFINIBAND;
    return 0;
}

int ibv_query_device(struct ibv_context *context, struct ibv_device_attr *attr) {
    (void) context;
    memset(attr, 0, sizeof *attr);
    strcpy(attr->fw_ver, "remo-shim");
    attr->max_qp = 1 << 16;
    attr->max_qp_wr = SHIM_QUEUE;
    attr->max_sge = 1;
    attr->max_cq = 1 << 16;
    attr->max_cqe = 1 << 16;
    attr->max_mr = 1 << 16;
    attr->max_pd = 1 << 16;
    attr->max_qp_rd_atom = 16;
    attr->max_qp_init_rd_atom = 16;
    attr->atomic_cap = IBV_ATOMIC_HCA;
    attr->phys_port_cnt = 1;
    return 0;
}

int ibv_query_gid(struct ibv_context *context, uint8_t port_num, int index, union ibv_gid *gid) {
    (void) context;
    if (port_num != 1 || index != 0) {
        return EINVAL;
    }
    memset(gid, 0, sizeof *gid);
    gid->raw[0] = 0xfe;
    gid->raw[1] = 0x80;
    return 0;
}

struct ibv_pd *ibv_alloc_pd(struct ibv_context *context) {
    struct ibv_pd *pd = calloc(1, sizeof *pd);
    if (pd != NULL) {
        pd->context = context;
    }
    return pd;
}

int ibv_dealloc_pd(struct ibv_pd *pd) {
    free(pd);
    return 0;
}

struct ibv_mr *ibv_reg_mr(struct ibv_pd *pd, void *addr, size_t length, int access) {
    struct shim_mr *m = calloc(1, sizeof *m);
    if (m == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    m->mr.context = pd->context;
    m->mr.pd = pd;
    m->mr.addr = addr;
    m->mr.length = length;
    m->access = access;
    pthread_mutex_lock(&registry);
    m->mr.lkey = next_key++;
    m->mr.rkey = next_key++;
    m->next = regions;
    regions = m;
    pthread_mutex_unlock(&registry);
    return &m->mr;
}

struct ibv_mr *ibv_reg_mr_iova2(struct ibv_pd *pd, void *addr, size_t length, uint64_t iova, unsigned int access) {
    if (iova != (uint64_t) (uintptr_t) addr) {
        errno = EOPNOTSUPP;
        return NULL;
    }
    return ibv_reg_mr(pd, addr, length, (int) access);
}

int ibv_dereg_mr(struct ibv_mr *mr) {
    pthread_mutex_lock(&registry);
    struct shim_mr **p = &regions;
    while (*p != NULL && &(*p)->mr != mr) {
        p = &(*p)->next;
    }
    if (*p != NULL) {
        *p = (*p)->next;
    }
    pthread_mutex_unlock(&registry);
    free(mr);
    return 0;
}

struct ibv_cq *ibv_create_cq(struct ibv_context *context, int cqe, void *cq_context, struct ibv_comp_channel *channel,
                             int comp_vector) {
    (void) comp_vector;
    if (channel != NULL || cqe < 1) {
        errno = EINVAL;
        return NULL;
    }
    struct shim_cq *c = calloc(1, sizeof *c);
    if (c == NULL || (c->wc = calloc((size_t) cqe, sizeof *c->wc)) == NULL) {
        free(c);
        errno = ENOMEM;
        return NULL;
    }
    c->cq.context = context;
    c->cq.cq_context = cq_context;
    c->cq.cqe = cqe;
    c->cap = cqe;
    pthread_mutex_init(&c->lock, NULL);
    return &c->cq;
}

int ibv_destroy_cq(struct ibv_cq *cq) {
    struct shim_cq *c = (struct shim_cq *) cq;
    pthread_mutex_destroy(&c->lock);
    free(c->wc);
    free(c);
    return 0;
}

struct ibv_qp *ibv_create_qp(struct ibv_pd *pd, struct ibv_qp_init_attr *attr) {
    if (attr->qp_type != IBV_QPT_RC || attr->cap.max_send_wr > SHIM_QUEUE) {
        errno = EINVAL;
        return NULL;
    }
    struct shim_qp *q = calloc(1, sizeof *q);
    if (q == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    q->qp.context = pd->context;
    q->qp.pd = pd;
    q->qp.send_cq = attr->send_cq;
    q->qp.recv_cq = attr->recv_cq;
    q->qp.qp_type = attr->qp_type;
    q->qp.state = IBV_QPS_RESET;
    q->qp.qp_context = attr->qp_context;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->more, NULL);
    pthread_mutex_lock(&registry);
    q->qp.qp_num = next_qpn++;
    pthread_mutex_unlock(&registry);
    q->rnd = q->qp.qp_num * 2654435761u;
    if (pthread_create(&q->nic, NULL, nic_main, q) != 0) {
        free(q);
        errno = EAGAIN;
        return NULL;
    }
    return &q->qp;
}

int ibv_modify_qp(struct ibv_qp *qp, struct ibv_qp_attr *attr, int mask) {
    struct shim_qp *q = (struct shim_qp *) qp;
    if (!(mask & IBV_QP_STATE)) {
        return EINVAL;
    }
    pthread_mutex_lock(&q->lock);
    /* the transitions a connection takes: RESET -> INIT -> RTR -> RTS, and any -> ERR or RESET */
    enum ibv_qp_state from = qp->state, to = attr->qp_state;
    int ok = to == IBV_QPS_ERR || to == IBV_QPS_RESET || (from == IBV_QPS_RESET && to == IBV_QPS_INIT)
            || (from == IBV_QPS_INIT && to == IBV_QPS_RTR && (mask & IBV_QP_DEST_QPN))
            || (from == IBV_QPS_RTR && to == IBV_QPS_RTS);
    if (ok) {
        if (to == IBV_QPS_RTR) {
            q->dest_qpn = attr->dest_qp_num;
        }
        qp->state = to;
    }
    pthread_mutex_unlock(&q->lock);
    return ok ? 0 : EINVAL;
}

int ibv_destroy_qp(struct ibv_qp *qp) {
    struct shim_qp *q = (struct shim_qp *) qp;
    pthread_mutex_lock(&q->lock);
    q->stop = 1;
    pthread_cond_signal(&q->more);
    pthread_mutex_unlock(&q->lock);
    pthread_join(q->nic, NULL);
    pthread_mutex_destroy(&q->lock);
    pthread_cond_destroy(&q->more);
    free(q);
    return 0;
}

const char *ibv_wc_status_str(enum ibv_wc_status status) {
    switch (status) {
    case IBV_WC_SUCCESS: return "success";
    case IBV_WC_LOC_PROT_ERR: return "local protection error";
    case IBV_WC_WR_FLUSH_ERR: return "Work Request Flushed Error";
    case IBV_WC_REM_INV_REQ_ERR: return "remote invalid request error";
    case IBV_WC_REM_ACCESS_ERR: return "remote access error";
    default: return "error";
    }
}
