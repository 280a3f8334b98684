export { closeGracefully, drainingServer, startDraining, type DrainingServerOptions } from './drainingServer';
