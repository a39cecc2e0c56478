package remo.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;

/**
 * The user's secret token of the {@code remo} server (docs/daemon.md): the second field of every
 * connection, so that only the user's own clients are served. It is kept in a file readable by
 * the user only, made by the first server that finds none.
 */
final class TokenFile {
    private TokenFile() {
    }

    /**
     * The user's token: read from {@code file}, or made there (32 random bytes in hexadecimal,
     * readable by the user only) if absent.
     *
     * @return the token's characters, as a client sends them
     * @throws IOException if the file cannot be made or read, or holds no token
     */
    static byte[] readOrMake(Path file, RandomBytes random) throws IOException {
        if (!Files.exists(file)) {
            byte[] b = random.next(32);
            Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid());
            Files.deleteIfExists(tmp);
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, HexFormat.of().formatHex(b) + "\n");
            try {
                // a link, not a move: of two servers making the token at once, the first one's stays
                Files.createLink(file, tmp);
            } catch (FileAlreadyExistsException e) {
                // another server made it first
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        String t = Files.readString(file).trim();
        if (t.length() < 32) {
            throw new IOException("token file " + file + " holds no token");
        }
        return t.getBytes(StandardCharsets.US_ASCII);
    }
}
