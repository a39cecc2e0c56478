package remo.cli;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Whether a checkout's sources changed since the server's jar was built, watched by the server so
 * that a warm call of the launcher need not look (docs/daemon.md, "Sources"): the launcher's own
 * look is one {@code find} over every main source file, a quarter of a warm call of one small test.
 *
 * <p>The files watched are those the launcher's {@code find} compares with the jar: the checkout's
 * {@code pom.xml}, each module's {@code pom.xml} (a direct subdirectory with one), and every file
 * under each module's {@code src/main}. Once {@link #start} has registered its directories with the
 * operating system's file notification (inotify on Linux), it compares each of those files' times
 * with the jar's once, which covers a change made between the launcher's last {@code find} and the
 * registration; from then on any event there (a file written, touched, made, removed or renamed, or
 * events lost) is a change. A change is for good: the server leaves at the next call that relies on
 * it, and the launcher looks and builds as without a server.
 *
 * <p>A watch that cannot be set up (no notification service, too many directories for the user's
 * inotify limit, an unreadable directory), or is still being set up, is not
 * {@linkplain #watching() watching}: the launcher is then told to look itself.
 */
final class SourceWatch implements AutoCloseable {
    private final Path root;
    private final WatchService service;
    /** The checkout's directory and the modules': only events on their {@code pom.xml} count. */
    private final Set<Path> pomDirectories = new HashSet<>();
    private volatile boolean changed;
    /** Set once the directories are registered and compared: from then on the watch is complete. */
    private volatile boolean ready;
    private volatile String firstChange = "";

    private SourceWatch(Path root, WatchService service) {
        this.root = root;
        this.service = service;
    }

    /**
     * Watches the sources of the checkout {@code root} against {@code jar}'s modification time, on
     * a daemon thread of its own: the registration and the one comparison (some 20-60 ms for
     * remo's 93 directories) do not delay the server's start; until they are done the watch is not
     * {@linkplain #watching() watching}. Never throws: a watch that cannot be set up stays not watching.
     *
     * @param root the checkout: the directory of the launcher and the root {@code pom.xml}
     * @param jar  the jar the server runs from; a source newer than it is a change
     * @return the watch
     */
    static SourceWatch start(Path root, Path jar) {
        WatchService service;
        try {
            service = FileSystems.getDefault().newWatchService();
        } catch (IOException | UnsupportedOperationException e) {
            return new SourceWatch(root, null);
        }
        SourceWatch watch = new SourceWatch(root, service);
        Thread t = new Thread(() -> {
            try {
                List<Path> sourceTrees = watch.register();
                FileTime built = Files.getLastModifiedTime(jar);
                watch.compareOnce(sourceTrees, built);
            } catch (IOException | RuntimeException e) {
                watch.close();
                return;
            }
            watch.ready = true;
            watch.loop();
        }, "remo-source-watch");
        t.setDaemon(true);
        t.start();
        return watch;
    }

    /** Registers the checkout's and modules' directories and every directory of the source trees; returns the trees. */
    private List<Path> register() throws IOException {
        List<Path> trees = new ArrayList<>();
        registerDirectory(root);
        pomDirectories.add(root);
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(root, Files::isDirectory)) {
            for (Path module : modules) {
                if (Files.isRegularFile(module.resolve("pom.xml"))) {
                    registerDirectory(module);
                    pomDirectories.add(module);
                    Path main = module.resolve("src").resolve("main");
                    if (Files.isDirectory(main)) {
                        trees.add(main);
                    }
                }
            }
        }
        for (Path tree : trees) {
            try (Stream<Path> dirs = Files.walk(tree)) {
                for (Path d : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
                    registerDirectory(d);
                }
            }
        }
        return trees;
    }

    private void registerDirectory(Path d) throws IOException {
        d.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                StandardWatchEventKinds.ENTRY_MODIFY);
    }

    /** The launcher's {@code find}, once: a watched file newer than the jar is a change. */
    private void compareOnce(List<Path> trees, FileTime built) throws IOException {
        for (Path d : pomDirectories) {
            newer(d.resolve("pom.xml"), built);
        }
        for (Path tree : trees) {
            try (Stream<Path> files = Files.walk(tree)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    newer(f, built);
                }
            }
        }
    }

    private void newer(Path f, FileTime built) throws IOException {
        if (!changed && Files.exists(f) && Files.getLastModifiedTime(f).compareTo(built) > 0) {
            change(f + " is newer than the jar");
        }
    }

    private void change(String what) {
        if (!changed) {
            firstChange = what;
            changed = true;
        }
    }

    /** Takes the events until the first change, then stops watching. */
    private void loop() {
        try {
            while (!changed) {
                WatchKey key = service.take();
                Path dir = (Path) key.watchable();
                for (WatchEvent<?> e : key.pollEvents()) {
                    if (e.kind() == StandardWatchEventKinds.OVERFLOW) {
                        change("events lost in " + dir);
                    } else if (!pomDirectories.contains(dir) || "pom.xml".equals(String.valueOf(e.context()))) {
                        change(dir.resolve((Path) e.context()) + ": " + e.kind().name());
                    }
                }
                if (!key.reset() && !pomDirectories.contains(dir)) {
                    change(dir + " is gone");
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: the server is leaving
        } finally {
            close();
        }
    }

    /** Whether the sources are watched (the set-up is done and succeeded); when not, {@link #changed} says nothing. */
    boolean watching() {
        return ready;
    }

    /** Whether a watched source changed (or might have: events lost) since the jar was built. */
    boolean changed() {
        return changed;
    }

    /** The first change seen, for the server's log; empty while none. */
    String firstChange() {
        return firstChange;
    }

    @Override
    public void close() {
        if (service != null) {
            try {
                service.close();
            } catch (IOException e) {
                // closing only releases the notification descriptor; nothing is lost
            }
        }
    }
}
