/** Bounded symbolic comparison of cat memory models with Kodkod. */
package remo.symbolic;
