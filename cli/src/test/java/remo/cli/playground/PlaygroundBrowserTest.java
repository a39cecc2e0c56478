package remo.cli.playground;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The playground in a real browser: Debian's headless Chromium driven through Debian's
 * chromedriver (both installed by {@code .ci/run}; never a downloaded browser or driver) by
 * Selenium. A person's path through the page: load an example, run it, read the verdict, step to
 * the third execution, introduce a syntax error and see it located, switch the model, compare,
 * ask for robustness and a simulation. Each step leaves a screenshot in
 * {@code cli/target/playground-screenshots/} for a person to look at.
 */
class PlaygroundBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SHOTS = Path.of("target", "playground-screenshots");

    private static PlaygroundClient client;
    private static WebDriver browser;
    private static WebDriverWait wait;

    @BeforeAll
    static void open() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "chromium and chromedriver are not installed in /usr/bin (.ci/run installs them; locally: "
                        + "apt-get install chromium chromium-driver)");
        client = new PlaygroundClient(PlaygroundLimits.defaults().withTimeLimit(20));
        Files.createDirectories(SHOTS);
        Path profile = Files.createTempDirectory("playground-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        wait = new WebDriverWait(browser, Duration.ofSeconds(30));
        browser.get(client.server.url());
        wait.until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
    }

    @AfterAll
    static void close() {
        if (browser != null) {
            browser.quit();
        }
        if (client != null) {
            client.close();
        }
    }

    private static void shot(String name) throws Exception {
        Path png = ((org.openqa.selenium.TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(png, SHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static String text(String id) {
        return browser.findElement(By.id(id)).getText();
    }

    /** Sets the test editor's text as typing would (CodeMirror's own dispatch). */
    private static void typeTest(String text) {
        ((JavascriptExecutor) browser).executeScript("window.remoPlayground.test.set(arguments[0])", text);
    }

    /** Waits until the status line says a request finished after {@code before}. */
    private static void waitForStatus(String prefix) {
        wait.until(ExpectedConditions.textMatches(By.id("status"), java.util.regex.Pattern.compile("^" + prefix + ".*")));
    }

    @Test
    void aPersonsPathThroughThePlayground() throws Exception {
        // 1. load an example and run it: W1 (a CPU store inside a remote CAS) under the default model
        new Select(browser.findElement(By.id("example"))).selectByValue("suite/W1.litmus");
        wait.until(ExpectedConditions.textToBe(By.id("test-name"), "Test W1 under rdma-tso-rmw"));
        browser.findElement(By.id("run")).click();
        waitForStatus("checked in");
        shot("1-example-run");
        // 2. the verdict, as remo check prints it
        assertEquals("Allowed", text("verdict"));
        assertTrue(text("observation").startsWith("Observation W1 Sometimes"), text("observation"));
        assertTrue(text("states").contains("0:r0=0; x=1;"), text("states"));

        // 3. step to the third execution
        browser.findElement(By.id("exec-next")).click();
        browser.findElement(By.id("exec-next")).click();
        assertTrue(text("exec-pos").startsWith("execution 3 of "), text("exec-pos"));
        WebElement svg = browser.findElement(By.cssSelector("#graph svg.remo-graph"));
        assertTrue(svg.getAttribute("data-name").endsWith("-3"), svg.getAttribute("data-name"));
        assertTrue(browser.findElements(By.cssSelector("#graph svg g.event")).size() >= 4, "events drawn");
        shot("2-third-execution");

        // 4. a syntax error, located in the editor
        String w1 = (String) ((JavascriptExecutor) browser).executeScript("return window.remoPlayground.test.get()");
        typeTest(w1.replace("rcas z, x@2, 0, 1 #d", "rcas z, x@2, 0 1 #d"));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#diagnostics li.error")));
        String diagnostic = browser.findElement(By.cssSelector("#diagnostics li.error")).getText();
        assertTrue(diagnostic.startsWith("W1.litmus:5:"), diagnostic);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#test-editor .cm-lintRange-error")));
        shot("3-syntax-error");
        typeTest(w1);
        waitForStatus("checked in");
        assertEquals(0, browser.findElements(By.cssSelector("#diagnostics li")).size(), "the error is gone");

        // 5. switch the model: under rdma-sc-rmw the lost store is forbidden
        new Select(browser.findElement(By.id("model"))).selectByValue("rdma-sc-rmw");
        wait.until(ExpectedConditions.textToBe(By.id("test-name"), "Test W1 under rdma-sc-rmw"));
        assertEquals("Forbidden", text("verdict"));
        // the forbidden executions, with the violated check's cycle
        browser.findElement(By.id("show-forbidden")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#graph svg[data-status='forbidden'] .edge-violation")));
        shot("4-model-switched-forbidden");

        // 6. compare under two models, side by side
        new Select(browser.findElement(By.id("model"))).selectByValue("rdma-tso-rmw");
        wait.until(ExpectedConditions.textToBe(By.id("test-name"), "Test W1 under rdma-tso-rmw"));
        new Select(browser.findElement(By.id("compare-model"))).selectByValue("rdma-sc-rmw");
        browser.findElement(By.id("compare")).click();
        waitForStatus("compared in");
        List<WebElement> columns = browser.findElements(By.cssSelector("#compare-cols > div"));
        assertEquals(2, columns.size());
        assertTrue(columns.get(0).getText().startsWith("rdma-tso-rmw Allowed"), columns.get(0).getText());
        assertTrue(columns.get(1).getText().startsWith("rdma-sc-rmw Forbidden"), columns.get(1).getText());
        assertTrue(browser.findElement(By.cssSelector("#compare-cols tr.only")).getText().contains("0:r0=0; x=1;"));
        shot("5-compare");

        // 7. robustness with the repair shown in the program, and a simulation's bar chart
        new Select(browser.findElement(By.id("example"))).selectByValue("suite/L07.litmus");
        wait.until(ExpectedConditions.textToBe(By.id("test-name"), "Test L07 under rdma-tso-rmw"));
        browser.findElement(By.id("robust")).click();
        waitForStatus("robustness analysed");
        assertEquals("rfence 2", browser.findElement(By.cssSelector("#robust-result pre.program mark")).getText());
        browser.findElement(By.id("simulate")).click();
        waitForStatus("simulated in");
        assertTrue(browser.findElements(By.cssSelector("#simulate-result svg.bars rect.bar")).size() >= 2);
        shot("6-robust-simulate");
    }
}
