/* ---- remo gen-c runtime: the coordinator (addresses, iterations, histogram) and main ------------- */

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
    char line[STATE_CHARS];
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
    for (int t = 0; t < THREADS; t++) {
        hosted_threads += hosted[thread_node[t]];
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
