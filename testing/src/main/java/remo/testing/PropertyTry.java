package remo.testing;

/**
 * Which try of a property is running; a property method may take it as a parameter (for a message,
 * or to derive a setting from the index).
 *
 * @param property the property, {@code TestClass.method}
 * @param seed     the seed: for a {@link LitmusProperty} the property's seed (the program is draw
 *                 {@code index} of it); for a {@link SimulationProperty} this run's scheduler seed
 * @param index    the try's index, from 0
 * @param tries    the number of tries of this run of the property
 */
public record PropertyTry(String property, long seed, long index, long tries) {
}
