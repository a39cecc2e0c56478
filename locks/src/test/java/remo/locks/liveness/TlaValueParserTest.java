package remo.locks.liveness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** TLC's printed values and states as TLC 2.18 prints them in -tool mode. */
class TlaValueParserTest {

    @Test
    void aStateOfTheModel() {
        String body = """
                /\\ pc = [t0 |-> "ncs", t1 |-> "spin"]
                /\\ qp = ( <<"t0", 1>> :> <<>> @@
                  <<"t0", 2>> :> << [ op |-> "PUT", val |-> -1, st |-> "L" ] >> )
                /\\ busy = <<FALSE, TRUE>>
                /\\ mem = ( [k |-> "next", n |-> 1, j |-> "-"] :> 3 )
                /\\ s = {1, 2}
                """;
        Map<String, TlaValue> vars = TlaValueParser.variables(body);
        assertEquals("spin", vars.get("pc").at("t1").asString());
        TlaValue put = vars.get("qp").at(TlaValueParser.value("<<\"t0\", 2>>")).at(1);
        assertEquals(-1, put.at("val").asLong());
        assertEquals(new TlaValue.Bool(true), vars.get("busy").at(2));
        assertEquals(3, vars.get("mem").at(TlaValueParser.value("[k |-> \"next\", n |-> 1, j |-> \"-\"]")).asLong());
        assertEquals("{1, 2}", vars.get("s").toString());
    }

    @Test
    void stringsModelValuesAndErrors() {
        assertEquals("a\"b", TlaValueParser.value("\"a\\\"b\"").asString());
        assertEquals(new TlaValue.ModelValue("m1"), TlaValueParser.value("m1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlaValueParser.value("[a |-> 1"));
        assertEquals("TLC value: expected ']' at offset 8 (end of text)", e.getMessage());
    }
}
