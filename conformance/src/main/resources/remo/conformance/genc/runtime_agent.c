/* ---- remo gen-c runtime: the agents (device, memory region, queue pairs, the node's threads) ---- */

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
    attr.max_dest_rd_atomic = a->rd_atomic;
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
    attr.max_rd_atomic = a->rd_atomic;
    rc = ibv_modify_qp(qp, &attr, IBV_QP_STATE | IBV_QP_TIMEOUT | IBV_QP_RETRY_CNT | IBV_QP_RNR_RETRY | IBV_QP_SQ_PSN
            | IBV_QP_MAX_QP_RD_ATOMIC);
    if (rc != 0) {
        die("ibv_modify_qp (RTS)", rc);
    }
}

/** Sets node {@code a} up, exchanges its addresses through the coordinator and serves iterations until STOP. */
static void run_agent(struct agent *a) {
    a->ctx = open_device();
    /* as many reads and atomics in flight as the device allows (up to 16): one at a time would order
     * a queue pair's gets and atomics more than the NIC does */
    struct ibv_device_attr dev;
    int rc0 = ibv_query_device(a->ctx, &dev);
    if (rc0 != 0) {
        die("ibv_query_device", rc0);
    }
    int rd = dev.max_qp_rd_atom < dev.max_qp_init_rd_atom ? dev.max_qp_rd_atom : dev.max_qp_init_rd_atom;
    a->rd_atomic = (uint8_t) (rd < 1 ? 1 : rd > 16 ? 16 : rd);
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
