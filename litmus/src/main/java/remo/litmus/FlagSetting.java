package remo.litmus;

import remo.core.FlagValues;
import remo.core.Position;

/**
 * One {@code FLAG=VALUE} of a test's flag line (language.md §3.2). Names and values are checked
 * against models.md §8 by the parser.
 *
 * @param name     flag name, e.g. {@code GG_LOCAL_ORDER}
 * @param value    flag value, e.g. {@code OFF}
 * @param namePos  position of the name
 * @param valuePos position of the value
 */
public record FlagSetting(String name, String value, Position namePos, Position valuePos) implements FlagValues.Setting {
}
