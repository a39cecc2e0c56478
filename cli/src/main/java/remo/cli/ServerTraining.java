package remo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The server's part of the launcher's training run ({@link ArchiveTraining}): a command line served
 * once, in this JVM, through a {@link RemoServer} on a scratch directory and a client speaking the
 * launcher's protocol ({@link RequestProtocol}), so that the class-data archive and the
 * ahead-of-time cache hold the server's classes too.
 */
final class ServerTraining {
    private ServerTraining() {
    }

    /**
     * Serves {@code args} once through a server on {@code scratch}.
     *
     * @param scratch a directory for the server's state and token
     * @param cwd     the client's working directory
     * @param args    the command line
     * @return the run's exit status, or 3 if it was not served
     * @throws IOException if the scratch directory or the socket cannot be set up
     * @throws InterruptedException if interrupted while waiting for the server
     */
    static int train(Path scratch, Path cwd, String... args) throws IOException, InterruptedException {
        Path dir = scratch.resolve("server");
        Files.createDirectories(dir);
        Path tokenFile = scratch.resolve("token");
        RemoServer server = new RemoServer(dir, tokenFile, scratch.resolve("no-jar"), 60_000, null);
        Thread serving = new Thread(() -> {
            try {
                server.serve();
            } catch (IOException e) {
                // the client below finds no server
            }
        }, "remo-server-training");
        serving.setDaemon(true);
        serving.start();
        Path address = dir.resolve("server");
        for (int i = 0; i < 500 && !Files.exists(address); i++) {
            Thread.sleep(10);
        }
        if (!Files.exists(address)) {
            return 3;
        }
        int port = Integer.parseInt(Files.readString(address).trim().split(" ")[0]);
        String token = Files.readString(tokenFile).trim();
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (Socket control = new Socket(loopback, port)) {
            List<String> fields = new ArrayList<>(List.of("REMO2", token, cwd.toString(), "0", "0",
                    RemoServer.localeOf(System.getenv()), Integer.toString(args.length)));
            fields.addAll(List.of(args));
            control.getOutputStream().write((String.join("\0", fields) + "\0").getBytes(StandardCharsets.UTF_8));
            InputStream in = control.getInputStream();
            String reply = line(in);
            if (!reply.startsWith("GO ")) {
                return 3;
            }
            String id = reply.substring(3);
            List<Thread> drains = new ArrayList<>();
            try {
                // the client's loop (the launcher's remo_attach): inline output, connections when asked, the status
                while (true) {
                    String l = line(in);
                    if (l.matches("EXIT \\d{1,3}")) {
                        return Integer.parseInt(l.substring(5));
                    } else if (l.matches("(OUT|ERR) \\d{1,9}")) {
                        in.readNBytes(Integer.parseInt(l.substring(4)));
                    } else if (l.equals("OUT") || l.equals("ERR")) {
                        Socket stream = new Socket(loopback, port);
                        stream.getOutputStream().write((l + "1\0" + token + "\0" + id + "\0").getBytes(StandardCharsets.US_ASCII));
                        Thread drain = new Thread(() -> {
                            try (stream) {
                                stream.getInputStream().transferTo(OutputStream.nullOutputStream());
                            } catch (IOException e) {
                                // the server is gone: the status line says so
                            }
                        }, "remo-training-drain");
                        drain.start();
                        drains.add(drain);
                    } else {
                        return 3; // the server is gone
                    }
                }
            } finally {
                for (Thread t : drains) {
                    t.join(5000);
                }
            }
        } finally {
            server.stop();
            serving.join(5000);
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
            b.append((char) c);
        }
        return b.toString();
    }
}
